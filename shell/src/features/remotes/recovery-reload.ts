/**
 * Reloads that move a tab onto other remote versions (after a render crash of a fresh release, or when
 * the versions it started with were deleted) happen at most once for each target: the targets already
 * reloaded into are kept in session storage, so a target that fails again after its reload shows the
 * component-level error instead of reloading in a loop.
 */
const STORAGE_KEY = 'entry.recovery-reloads';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

const reloadedInto = (storage: Storage | undefined): string[] => {
  try {
    const value = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
};

/** Reloads for `target` unless this tab already did; false when it did, or storage cannot keep the guard. */
export const guardedReload = (storage: Storage | undefined, target: string, reload: () => void): boolean => {
  const done = reloadedInto(storage);
  if (done.includes(target)) return false;
  try {
    storage?.setItem(STORAGE_KEY, JSON.stringify([...done, target].slice(-20)));
  } catch {
    // Without the guard a reload could repeat: better the error screen.
    return false;
  }
  if (!storage) return false;
  reload();
  return true;
};
