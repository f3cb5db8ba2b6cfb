import { startTransition, useEffect, useState } from 'react';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { PaymentMethod } from '../payment/payment-provider.ts';

/** What the parent has typed so far, kept in session storage so a reload loses nothing. */
export type ParentDraft = {
  purpose: string;
  /** The parent's own name: the account is theirs, and the platform greets them by it. */
  parentFirstName: string;
  parentLastName: string;
  email: string;
  firstName: string;
  lastName: string;
  /** As the select holds it: a year-group id in text, or '' before a choice. */
  yearGroup: string;
  username: string;
};

/** Never written anywhere: a reload forgets them, and the flow asks again. */
export type Secrets = { password: string; studentPassword: string; payment: PaymentMethod | null };

/** A refusal from the final submit, waiting for the step that shows its field; `type` is the field error's. */
export type PendingProblem = { field: string; message: string; type?: string };

type State = {
  draft: ParentDraft;
  secrets: Secrets;
  problem: PendingProblem | null;
  /** Signed up: the draft is emptied once the sign-up screen has gone (see ParentFlow). */
  completed: boolean;
  update: (patch: Partial<ParentDraft>) => void;
  setSecret: <K extends keyof Secrets>(key: K, value: Secrets[K]) => void;
  setProblem: (problem: PendingProblem | null) => void;
  complete: () => void;
  reset: () => void;
};

export const EMPTY_DRAFT: ParentDraft = { purpose: '', parentFirstName: '', parentLastName: '', email: '', firstName: '', lastName: '', yearGroup: '', username: '' };
const NO_SECRETS: Secrets = { password: '', studentPassword: '', payment: null };

export const PARENT_DRAFT_KEY = 'registration.parent-draft';

export const useParentDraftStore = create<State>()(
  persist(
    (set) => ({
      draft: EMPTY_DRAFT,
      secrets: NO_SECRETS,
      problem: null,
      completed: false,
      // A form hands over its values as they are, typed or not: an equal draft stays the same one, so
      // nothing that shows it renders again (and the screen knows a read draft from a form's echo).
      update: (patch) =>
        set((state) => (Object.entries(patch).every(([key, value]) => state.draft[key as keyof ParentDraft] === value) ? state : { draft: { ...state.draft, ...patch } })),
      setSecret: (key, value) => set((state) => ({ secrets: { ...state.secrets, [key]: value } })),
      setProblem: (problem) => set({ problem }),
      // The sign-up is done and a full page load follows: nothing of it may stay in this tab's storage.
      complete: () => {
        set({ completed: true });
        sessionStorage.removeItem(PARENT_DRAFT_KEY);
      },
      reset: () => set({ draft: EMPTY_DRAFT, secrets: NO_SECRETS, problem: null, completed: false }),
    }),
    {
      name: PARENT_DRAFT_KEY,
      version: 1,
      storage: createJSONStorage(() => sessionStorage),
      // Read once the page runs (useDraftRestored): the server renders, and the browser hydrates, an empty draft.
      skipHydration: true,
      // Only the draft: passwords and payment references never reach storage.
      partialize: (state) => ({ draft: state.draft }),
      // Nothing saved leaves the store as it is: a new, equal draft would re-render every field at once.
      merge: (persisted, current) => {
        const saved = (persisted as Partial<State> | undefined)?.draft;
        return saved ? { ...current, draft: { ...EMPTY_DRAFT, ...saved } } : current;
      },
    },
  ),
);

/**
 * Where the reading of this tab's saved draft stands: `pending` on the server and while the page
 * hydrates, so both render the same; the first effect reads it, into `changed` when the store holds
 * another draft since (a saved one), or `unchanged` (nothing saved, or read before this screen came).
 */
export type DraftRestore = 'pending' | 'unchanged' | 'changed';

/**
 * This tab's saved draft, read into the store once the page runs. The result comes in a transition,
 * which React renders in slices: an external store's change would re-render the whole screen in one
 * blocking task just after hydration, on a phone well over 50 ms.
 */
export const useDraftRestored = (): DraftRestore => {
  const [restore, setRestore] = useState<DraftRestore>('pending');
  useEffect(() => {
    const { persist } = useParentDraftStore;
    const rendered = useParentDraftStore.getState().draft;
    const done = () => startTransition(() => setRestore(useParentDraftStore.getState().draft === rendered ? 'unchanged' : 'changed'));
    if (persist.hasHydrated()) return done();
    const stop = persist.onFinishHydration(done);
    void persist.rehydrate();
    return stop;
  }, []);
  return restore;
};
