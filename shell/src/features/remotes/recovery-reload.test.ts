import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test-support/memory-storage.ts';
import { guardedReload } from './recovery-reload.ts';

describe('guardedReload', () => {
  it('reloads once for each target, never twice', () => {
    const storage = memoryStorage();
    const reload = vi.fn();

    expect(guardedReload(storage, 'registration@2.0.0', reload)).toBe(true);
    expect(guardedReload(storage, 'registration@2.0.0', reload)).toBe(false);
    expect(guardedReload(storage, 'registration@3.0.0', reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('does not reload when storage cannot keep the guard', () => {
    const reload = vi.fn();
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota');
      },
    };

    expect(guardedReload(refusing, 'taster@1.0.0', reload)).toBe(false);
    expect(guardedReload(undefined, 'taster@1.0.0', reload)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
