export { useAuthStore, type AuthState, type AuthStatus } from './auth-store.ts';
export { USER_TYPES, toSessionUser, type SessionUser, type UserType } from './session-user.ts';
