import { logIn } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink, useLocation } from '@entry/routes';
import { Flex, Form, Link, SubmitButton, TextInput, useAppForm } from '@entry/ui';
import { CaptchaField, handOffSignedIn, PasswordInput, type CaptchaRequirement } from '@entry/account-kit';
import { emailFromState } from '../forgotten/email-from-state.ts';
import { useLoginError } from './use-login-error.ts';

type LoginValues = { username: string; password: string; captcha: string };

type Props = {
  /** Already checked. */
  redirect: string | null;
  /** The screen's captcha requirement, which Google sign-in beside the form also refetches. */
  captcha: CaptchaRequirement;
};

/** The username-and-password form of SPEC section 2. */
export const LoginForm = ({ redirect, captcha }: Props) => {
  const { t } = useTranslation('login');
  // An email brought from elsewhere (sign-up's "Log in with it") is already filled in.
  const form = useAppForm<LoginValues>({ defaultValues: { username: emailFromState(useLocation().state), password: '', captcha: '' } });
  const typed = form.watch('username').trim();
  const onError = useLoginError();
  const missing = { required: t('errors.missingParams') };

  const onSubmit = async ({ username, password, captcha: token }: LoginValues) => {
    try {
      await logIn({ username, password, captcha: captcha.required ? token : undefined });
      handOffSignedIn(redirect);
    } catch (error) {
      onError(error);
      form.setValue('captcha', '');
      await captcha.check(username);
    }
  };

  const forgotten = `${getHref('forgotten')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('login.formLabel')}>
      <Flex direction="column" gap="4">
        <TextInput<LoginValues>
          name="username"
          label={t('login.username')}
          placeholder={t('login.usernamePlaceholder')}
          type="email"
          autoComplete="username"
          rules={missing}
        />
        <PasswordInput<LoginValues>
          name="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          rules={missing}
        />
        <Link asChild size="2">
          {/* The email typed so far goes along, in the history entry rather than the address (it would reach analytics). */}
          <RouterLink to={forgotten} state={typed.includes('@') ? { email: typed } : undefined}>
            {t('login.forgotten')}
          </RouterLink>
        </Link>
        {captcha.required && <CaptchaField />}
        <SubmitButton size="3" loading={form.formState.isSubmitting}>
          {t('login.submit')}
        </SubmitButton>
      </Flex>
    </Form>
  );
};
