import { useAuthStore } from '@entry/auth';
import { REAUTHENTICATE_MESSAGE } from '@entry/constants';
import type { ApiError } from '../api-error.ts';
import { SERVICES } from '../services.ts';
import { logOut } from './log-out.ts';

/** The login calls themselves: their 401 (should a server send one) is a refused login, not an ended session. */
const LOGIN_CALLS = ['login', 'login_with_code', 'login_with_google'].map((name) => `${SERVICES.accounts}/auth/${name}`);

const isLoginCall = (url: string): boolean => LOGIN_CALLS.includes(new URL(url, 'http://local').pathname);

/**
 * SPEC section 6: a 401 ends the session. A visitor without one is answered as the public user, never
 * 401 (SPEC section 3), so a 401 always means a session that ended, or a call that needed one: the
 * logout of SPEC section 4 runs whether or not this page knew a user. A 403 answered for another
 * user than ours (the session changed under us, e.g. in another tab) logs out too.
 */
export const handleAuthFailure = (error: ApiError, url: string): void => {
  if (error.status === 401) {
    if (!isLoginCall(url)) void logOut();
    return;
  }
  const { user } = useAuthStore.getState();
  if (user && error.status === 403 && error.id_user !== undefined && error.id_user !== user.id_user) {
    void logOut({ message: REAUTHENTICATE_MESSAGE });
  }
};
