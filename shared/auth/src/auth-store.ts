import { create } from 'zustand';
import type { SessionUser } from './session-user.ts';

export type AuthStatus = 'unknown' | 'anonymous' | 'authenticated';

export type AuthState = {
  status: AuthStatus;
  user: SessionUser | null;
  setSession: (user: SessionUser) => void;
  clearSession: () => void;
};

/** The one auth store: shared as a federation singleton, so the shell and every remote see it. */
export const useAuthStore = create<AuthState>()((set) => ({
  status: 'unknown',
  user: null,
  setSession: (user) => set({ status: 'authenticated', user }),
  clearSession: () => set({ status: 'anonymous', user: null }),
}));
