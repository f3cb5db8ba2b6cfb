import { useCallback } from 'react';
import { handOffSignedIn } from '@entry/account-kit';
import { safeRedirect, useSearchParams, useSite } from '@entry/routes';

/**
 * After a sign-up the new user is signed in (the server set the session cookie) and handed over as a
 * login success is (SPEC section 4): to / or, with a checked redirect, to /?redirect=...
 */
export const useSignedIn = () => {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), useSite().origin);
  return useCallback(() => handOffSignedIn(redirect), [redirect]);
};
