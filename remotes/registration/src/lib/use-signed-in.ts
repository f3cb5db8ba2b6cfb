import { useCallback } from 'react';
import { forgetCurrentUser } from '@entry/api';
import { useAuthStore, type SessionUser } from '@entry/auth';
import { useNavigate, useSearchParams } from '@entry/routes';
import { safeRedirect } from '@entry/account-kit';

/**
 * After a sign-up the new user is signed in (the server set the session cookie) and sent on as a
 * login success is (SPEC section 4): to / or, with a redirect, to /?redirect=..., where the login
 * screen follows it.
 */
export const useSignedIn = () => {
  const setSession = useAuthStore((state) => state.setSession);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), window.location.origin);
  return useCallback(
    async (user: SessionUser): Promise<void> => {
      forgetCurrentUser();
      setSession(user);
      await navigate(redirect ? `/?redirect=${encodeURIComponent(redirect)}` : '/');
    },
    [navigate, redirect, setSession],
  );
};
