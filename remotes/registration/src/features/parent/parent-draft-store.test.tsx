import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PARENT_DRAFT_KEY, useDraftRestored, useParentDraftStore, type DraftRestore } from './parent-draft-store.ts';

const Restored = ({ seen }: { seen: DraftRestore[] }) => {
  seen.push(useDraftRestored());
  return null;
};

/** What useDraftRestored answered on each render of a screen, from its first until the read is done. */
const restoresSeen = async () => {
  const seen: DraftRestore[] = [];
  await act(async () => {
    render(<Restored seen={seen} />);
  });
  return seen;
};

afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
  useParentDraftStore.getState().reset();
});

describe('the parent draft, restored once the page runs', () => {
  it('keeps the same draft when this tab saved none, so no field renders again for nothing', async () => {
    const before = useParentDraftStore.getState().draft;
    await useParentDraftStore.persist.rehydrate();
    expect(useParentDraftStore.getState().draft).toBe(before);
  });

  it('stays the same draft when a form hands over the values it already holds', () => {
    useParentDraftStore.getState().update({ email: 'ada@example.com' });
    const before = useParentDraftStore.getState().draft;
    useParentDraftStore.getState().update({ email: 'ada@example.com', purpose: '' });
    expect(useParentDraftStore.getState().draft).toBe(before);
    useParentDraftStore.getState().update({ purpose: 'sats' });
    expect(useParentDraftStore.getState().draft).toEqual({ ...before, purpose: 'sats' });
  });

  it('reads the draft this tab saved', async () => {
    sessionStorage.setItem(PARENT_DRAFT_KEY, JSON.stringify({ state: { draft: { email: 'ada@example.com' } }, version: 1 }));
    await useParentDraftStore.persist.rehydrate();
    expect(useParentDraftStore.getState().draft.email).toBe('ada@example.com');
  });

  it('is pending for the first render, as on the server, and unchanged once read when this tab saved nothing', async () => {
    const seen = await restoresSeen();
    expect(seen[0]).toBe('pending');
    expect(seen.at(-1)).toBe('unchanged');
  });

  it('is changed once read when this tab saved a draft', async () => {
    sessionStorage.setItem(PARENT_DRAFT_KEY, JSON.stringify({ state: { draft: { email: 'ada@example.com' } }, version: 1 }));
    // A page's first screen: the store has not read this tab's storage yet (a test's store has, earlier).
    vi.spyOn(useParentDraftStore.persist, 'hasHydrated').mockReturnValueOnce(false);
    const seen = await restoresSeen();
    expect(seen[0]).toBe('pending');
    expect(seen.at(-1)).toBe('changed');
  });

  it('is unchanged for a screen that comes after the draft was read: its form started from it', async () => {
    sessionStorage.setItem(PARENT_DRAFT_KEY, JSON.stringify({ state: { draft: { email: 'ada@example.com' } }, version: 1 }));
    await useParentDraftStore.persist.rehydrate();
    const seen = await restoresSeen();
    expect(seen.at(-1)).toBe('unchanged');
  });
});
