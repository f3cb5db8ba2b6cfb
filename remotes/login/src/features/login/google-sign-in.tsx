import { useState, type ReactNode } from 'react';
import { GoogleOAuthProvider, useGoogleLogin } from '@react-oauth/google';
import { handOffGoogleSignIn } from '@entry/account-kit';
import { logInWithGoogle } from '@entry/api';
import { GOOGLE_SIGNUP_FIRST_MESSAGE, type GoogleScriptLoadState } from '@entry/constants';
import { useTranslation } from '@entry/i18n';
import { getHref, safeDecodedRedirect, useSite } from '@entry/routes';
import { Button } from '@entry/ui';
import { useFollow } from './use-follow.ts';

type Props = {
  rawRedirect: string | null;
  /**
   * Called after a failed sign-in with its error, or null when Google's popup did not finish (SPEC
   * section 8: the screen says why and refetches the captcha requirement).
   */
  onFailure: (error: unknown) => void;
};

const GoogleButton = ({ rawRedirect, onFailure, ready }: Props & { ready: boolean }) => {
  const { t } = useTranslation('login');
  const [busy, setBusy] = useState(false);
  const follow = useFollow();
  const redirect = safeDecodedRedirect(rawRedirect, useSite().origin);

  const start = useGoogleLogin({
    flow: 'auth-code',
    onSuccess: async ({ code }) => {
      setBusy(true);
      try {
        await logInWithGoogle({ code, hubspotUserToken: null });
        handOffGoogleSignIn(redirect);
      } catch (error) {
        // SPEC section 8: an account that does not exist yet is sent to sign up instead.
        if (error instanceof Error && error.message.includes(GOOGLE_SIGNUP_FIRST_MESSAGE)) {
          follow(redirect ?? `/public${getHref('register')}`);
          return;
        }
        onFailure(error);
        setBusy(false);
      }
    },
    // Google's own words (error_description) are for developers: the screen says it in ours.
    onError: () => onFailure(null),
  });

  return (
    <Button type="button" variant="outline" size="3" disabled={!ready} loading={busy} onClick={() => start()}>
      {t('login.google')}
    </Button>
  );
};

/**
 * "Sign in with Google" (authorization-code flow). Disabled while Google's script loads, gone if it
 * fails; without a configured client id there is nothing to load, which counts as failed. `above`
 * (a separator, say) shows only with the button.
 */
export const GoogleSignIn = ({ rawRedirect, onFailure, above }: Props & { above?: ReactNode }) => {
  // The server's GOOGLE_CLIENT_ID, which the shell reads from the page; a build for a plain static host may carry one.
  const clientId = useSite().googleClientId || import.meta.env.PUBLIC_GOOGLE_CLIENT_ID;
  const [status, setStatus] = useState<GoogleScriptLoadState>(clientId ? 'LOADING' : 'ERROR');
  if (!clientId || status === 'ERROR') return null;
  return (
    <>
      {above}
      <GoogleOAuthProvider
        clientId={clientId}
        onScriptLoadSuccess={() => setStatus('SUCCESS')}
        onScriptLoadError={() => setStatus('ERROR')}
      >
        <GoogleButton rawRedirect={rawRedirect} onFailure={onFailure} ready={status === 'SUCCESS'} />
      </GoogleOAuthProvider>
    </>
  );
};
