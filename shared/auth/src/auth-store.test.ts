import { beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from './auth-store.ts';
import { toCurrentUser, toSessionUser } from './session-user.ts';

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

describe('the current user', () => {
  it('without an id_user is the public user: signed out, whatever else it says', () => {
    expect(toCurrentUser({ base: 'public' })).toBeNull();
    expect(toCurrentUser({ base: 'parent', displayName: 'Ana' })).toBeNull();
    useAuthStore.getState().setCurrentUser(toCurrentUser({ base: 'public' }));
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null });
  });

  it('with an id_user is signed in', () => {
    useAuthStore.getState().setCurrentUser(toCurrentUser({ id_user: 6, base: 'parent', displayName: 'Ana Silva' }));
    expect(useAuthStore.getState()).toMatchObject({ status: 'authenticated', user: { id_user: 6, displayName: 'Ana Silva' } });
  });
});

describe('toSessionUser', () => {
  it('defaults base to public when missing or unknown', () => {
    expect(toSessionUser({ id_user: 1 }).base).toBe('public');
    expect(toSessionUser({ id_user: 1, base: 'wizard' }).base).toBe('public');
    expect(toSessionUser({ id_user: 1, base: 'tutor' }).base).toBe('tutor');
  });
});
