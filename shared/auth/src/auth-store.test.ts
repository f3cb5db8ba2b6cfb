import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store.ts';
import { toSessionUser } from './session-user.ts';

describe('auth store', () => {
  beforeEach(() => useAuthStore.setState({ status: 'unknown', user: null }));

  it('starts unknown and becomes authenticated with a session', () => {
    expect(useAuthStore.getState().status).toBe('unknown');
    useAuthStore.getState().setSession(toSessionUser({ id_user: 7, base: 'parent' }));
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { id_user: 7, base: 'parent' } });
  });

  it('clears the session', () => {
    useAuthStore.getState().setSession(toSessionUser({ id_user: 7 }));
    useAuthStore.getState().clearSession();
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });
});

describe('toSessionUser', () => {
  it('defaults base to public when missing or unknown', () => {
    expect(toSessionUser({ id_user: 1 }).base).toBe('public');
    expect(toSessionUser({ id_user: 1, base: 'wizard' }).base).toBe('public');
    expect(toSessionUser({ id_user: 1, base: 'tutor' }).base).toBe('tutor');
  });
});
