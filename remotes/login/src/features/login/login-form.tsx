import { logIn } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink, useLocation } from '@entry/routes';
import { Flex, Form, Link, SubmitButton, TextInput, useAppForm, type UseFormReturn } from '@entry/ui';
import { CaptchaField, handOffSignedIn, PasswordInput, type CaptchaRequirement } from '@entry/account-kit';
import { emailFromState } from '../forgotten/email-from-state.ts';
import type { LoginValues } from './login-values.ts';

type Props = {
  /** The form, which a failed Google sign-in beside it also tells its problem to. */
  form: UseFormReturn<LoginValues>;
  /** Already checked. */
  redirect: string | null;
  /** The screen's captcha requirement, which Google sign-in beside the form also refetches. */
  captcha: CaptchaRequirement;
  onError: (error: unknown) => void;
};

/** The login form's state; an email brought from elsewhere (sign-up's "Log in with it") is already filled in. */
export const useLoginForm = () =>
  useAppForm<LoginValues>({ defaultValues: { username: emailFromState(useLocation().state), password: '', captcha: '' } });

/** The username-and-password form of SPEC section 2. */
export const LoginForm = ({ form, redirect, captcha, onError }: Props) => {
  const { t } = useTranslation('login');
  const typed = form.watch('username').trim();

  const onSubmit = async ({ username, password, captcha: token }: LoginValues) => {
    try {
      await logIn({ username, password, captcha: captcha.required ? token : undefined });
      handOffSignedIn(redirect);
    } catch (error) {
      onError(error);
      form.setValue('captcha', '');
      await captcha.check(error);
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
          // A username is as good as an email here: a text keyboard with @ a tap away, not the email one (ADR 019).
          type="text"
          autoComplete="username"
          rules={{ required: t('errors.enterUsername') }}
        />
        <PasswordInput<LoginValues>
          name="password"
          label={t('login.password')}
          placeholder={t('login.passwordPlaceholder')}
          autoComplete="current-password"
          rules={{ required: t('errors.enterPassword') }}
        />
        <Link asChild standalone size="2">
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
