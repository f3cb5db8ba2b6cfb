import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PARENT_DRAFT_KEY, useDraftRestored, useParentDraftStore } from './parent-draft-store.ts';

const Restored = ({ seen }: { seen: boolean[] }) => {
  seen.push(useDraftRestored());
  return null;
};

afterEach(() => {
  sessionStorage.clear();
  useParentDraftStore.getState().reset();
});

describe('the parent draft, restored once the page runs', () => {
  it('keeps the same draft when this tab saved none, so no field renders again for nothing', async () => {
    const before = useParentDraftStore.getState().draft;
    await useParentDraftStore.persist.rehydrate();
    expect(useParentDraftStore.getState().draft).toBe(before);
  });

  it('reads the draft this tab saved', async () => {
    sessionStorage.setItem(PARENT_DRAFT_KEY, JSON.stringify({ state: { draft: { email: 'ada@example.com' } }, version: 1 }));
    await useParentDraftStore.persist.rehydrate();
    expect(useParentDraftStore.getState().draft.email).toBe('ada@example.com');
  });

  it('is false for the first render, as on the server, and true once read', async () => {
    const seen: boolean[] = [];
    await act(async () => {
      render(<Restored seen={seen} />);
    });
    expect(seen[0]).toBe(false);
    expect(seen.at(-1)).toBe(true);
  });
});
