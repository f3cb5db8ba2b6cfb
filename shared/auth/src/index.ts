export { useAuthStore, type AuthState, type AuthStatus } from './auth-store.ts';
export { toSessionUser, type SessionUser } from './session-user.ts';
