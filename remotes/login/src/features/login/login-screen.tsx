import { useEffect } from 'react';
import { LOGOUT_MESSAGE_KEY } from '@entry/api';
import { useCaptchaRequirement } from '@entry/account-kit';
import { useFlag } from '@entry/flags';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink, safeRedirect, useSearchParams, useSite } from '@entry/routes';
import { audienceOf, AudienceIllustration, Card, Flex, Link, notify, PageHeader, Separator, Text, useBrand } from '@entry/ui';
import { GoogleSignIn } from './google-sign-in.tsx';
import { LoginForm, useLoginForm } from './login-form.tsx';
import { useLoginError } from './use-login-error.ts';
import { PasswordChangedMessage } from './password-changed.tsx';

/** Tells, once, why the last session ended (set by the logout sequence before it came here). */
const useLogoutMessage = () => {
  useEffect(() => {
    const message = sessionStorage.getItem(LOGOUT_MESSAGE_KEY);
    if (!message) return;
    sessionStorage.removeItem(LOGOUT_MESSAGE_KEY);
    notify.blank(message);
  }, []);
};

type GoogleOptionProps = { rawRedirect: string | null; onFailure: (error: unknown) => void };

const GoogleOption = (props: GoogleOptionProps) => (
  <>
    <Separator size="4" />
    <GoogleSignIn {...props} />
  </>
);

/**
 * Quest offers Google only behind its flag; atom never reads it, so never loads the flag SDK. Nothing
 * follows it on quest's card, so its separator comes and goes with the button.
 */
const QuestGoogleOption = (props: GoogleOptionProps) =>
  useFlag('schools-quest-google-sign-in', false) ? <GoogleSignIn {...props} above={<Separator size="4" />} /> : null;

/**
 * The ways in for a visitor not signed in. They share one captcha requirement: a failed login or
 * Google sign-in refetches it (SPEC section 8).
 */
const SignedOut = ({ redirect, rawRedirect }: { redirect: string | null; rawRedirect: string | null }) => {
  const { t } = useTranslation('login');
  const brand = useBrand();
  const captcha = useCaptchaRequirement();
  const form = useLoginForm();
  const onError = useLoginError(form);
  const refetchCaptcha = (error: unknown) => {
    onError(error);
    void captcha.check();
  };
  return (
    <Flex direction="column" gap="4">
      <LoginForm form={form} redirect={redirect} captcha={captcha} onError={onError} />
      {brand === 'atom' ? (
        <GoogleOption rawRedirect={rawRedirect} onFailure={refetchCaptcha} />
      ) : (
        <QuestGoogleOption rawRedirect={rawRedirect} onFailure={refetchCaptcha} />
      )}
      {brand === 'atom' && (
        <Text as="p" size="2">
          {t('login.noAccount')}{' '}
          <Link asChild underline="always">
            <RouterLink to={getHref('register')}>{t('login.signUp')}</RouterLink>
          </Link>
        </Text>
      )}
    </Flex>
  );
};

/** SPEC section 2, Login screen: `/` and `/login`. A signed-in visitor never sees it: the shell sends them on. */
export const LoginScreen = () => {
  const { t } = useTranslation('login');
  // Nobody is signed in here: the brand's own public (a parent for atom, a school for quest).
  const audience = audienceOf(useBrand(), 'public');
  const [params] = useSearchParams();
  const rawRedirect = params.get('redirect');
  const redirect = safeRedirect(rawRedirect, useSite().origin);
  useLogoutMessage();

  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 440 }}>
        <PageHeader title={t('login.title')} heading={t('login.heading')} picture={<AudienceIllustration audience={audience} size={96} />} />
        <PasswordChangedMessage />
        <SignedOut redirect={redirect} rawRedirect={rawRedirect} />
      </Card>
    </Flex>
  );
};
