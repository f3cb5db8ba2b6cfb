import { useAuthStore } from '@entry/auth';
import { BASE_PATH, getHref } from '@entry/routes';
import { apiContext } from '../api-context.ts';
import { endSession } from '../calls/auth.ts';
import { publishEvent } from '../calls/publish-event.ts';

/** Set in session storage by the first login of an account; a logout must forget it. */
export const FIRST_LOGIN_KEY = 'firstLogin';
/** Why the session ended, for the login screen to say once. */
export const LOGOUT_MESSAGE_KEY = 'logoutMessage';

let pending: Promise<void> | null = null;

/**
 * SPEC section 4: record the logout, clear local storage, forget the first-login flag, tell the
 * account service, go to /login. Many calls at once (a burst of 401s) make one logout.
 */
export const logOut = ({ message }: { message?: string } = {}): Promise<void> => {
  pending ??= (async () => {
    await publishEvent('logout');
    localStorage.clear();
    sessionStorage.removeItem(FIRST_LOGIN_KEY);
    if (message) sessionStorage.setItem(LOGOUT_MESSAGE_KEY, message);
    // The session may already be gone on the server (that is often why we are here).
    await endSession().catch(() => undefined);
    useAuthStore.getState().clearSession();
    apiContext().redirect(`${BASE_PATH}${getHref('login')}`);
  })();
  return pending;
};

