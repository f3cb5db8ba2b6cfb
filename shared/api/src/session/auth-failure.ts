import { useAuthStore } from '@entry/auth';
import { REAUTHENTICATE_MESSAGE } from '@entry/constants';
import type { ApiError } from '../api-error.ts';
import { logOut } from './log-out.ts';

/**
 * SPEC section 6: a 401 ends the session; so does a 403 answered for another user than ours (the
 * session changed under us, e.g. in another tab). Without a session there is nothing to end: the
 * public app works signed out, and a 401 there is just an answer.
 */
export const handleAuthFailure = (error: ApiError): void => {
  const { user } = useAuthStore.getState();
  if (!user) return;
  if (error.status === 401) void logOut();
  else if (error.status === 403 && error.id_user !== undefined && error.id_user !== user.id_user) {
    void logOut({ message: REAUTHENTICATE_MESSAGE });
  }
};
