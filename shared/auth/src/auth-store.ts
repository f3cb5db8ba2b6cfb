import { createStore } from 'zustand/vanilla';
import { storeHook } from './store-hook.ts';
import type { SessionUser } from './session-user.ts';

/** 'unknown' until the current user has been asked for; a visitor without a session is 'anonymous'. */
export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';

export type AuthState = {
  status: AuthStatus;
  user: SessionUser | null;
  setSession: (user: SessionUser) => void;
  clearSession: () => void;
  /** What GET /user answered: a user, or null for the public user (no session). */
  setCurrentUser: (user: SessionUser | null) => void;
};

/**
 * The one auth store: shared as a federation singleton, so the shell and every remote see it. On
 * the server it renders the request's user (storeHook), so a signed-in visitor's header is composed
 * signed in.
 */
export const useAuthStore = storeHook(
  createStore<AuthState>()((set) => ({
    status: 'unknown',
    user: null,
    setSession: (user) => set({ status: 'authenticated', user }),
    clearSession: () => set({ status: 'anonymous', user: null }),
    setCurrentUser: (user) => set(user ? { status: 'authenticated', user } : { status: 'anonymous', user: null }),
  })),
);
