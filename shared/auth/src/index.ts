export { useAuthStore, type AuthState, type AuthStatus } from './auth-store.ts';
export { toCurrentUser, toSessionUser, type RawSessionUser, type RawUser, type SessionUser } from './session-user.ts';
export { storeHook } from './store-hook.ts';
