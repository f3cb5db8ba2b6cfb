import { useSyncExternalStore } from 'react';
import type { StoreApi } from 'zustand/vanilla';

/**
 * A React hook on a zustand store whose server snapshot is the store's state itself, where
 * zustand's own hook takes the initial state: a page composed on the server renders what the
 * server put in the store for this request (who is signed in, the visitor's consent), and the
 * browser, having put the same there first, hydrates from it without a mismatch. The hook carries
 * the store's API (getState, setState, subscribe) as zustand's does.
 */
export const storeHook = <S>(store: StoreApi<S>) =>
  Object.assign(<T = S>(selector: (state: S) => T = (state) => state as unknown as T): T => {
    const snapshot = () => selector(store.getState());
    return useSyncExternalStore(store.subscribe, snapshot, snapshot);
  }, store);
