import { errorTextKey, publishEvent } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import type { FieldPath, UseFormReturn } from '@entry/ui';
import type { LoginValues } from './login-values.ts';

/** What the captcha field itself says (SPEC section 5's tickbox messages). */
const CAPTCHA_KEYS = new Set(['captchaMissing', 'captchaExpired', 'captchaFailed']);

type WithCaptcha = { captcha: string };

/**
 * A failed sign-in, said where it belongs and kept until the visitor changes what it is about (issue
 * 24, in place of SPEC section 8's toast; ADR 021): a captcha problem under the tickbox, a wrong
 * password as `onNoMatch` marks it, anything else heads the form's error summary. Each records
 * login_failed. `null` is a Google popup that did not finish.
 */
export const useSignInError = <T extends WithCaptcha>(form: UseFormReturn<T>, onNoMatch?: (message: string) => void) => {
  const { t } = useTranslation('login');
  return (error: unknown) => {
    void publishEvent('login_failed');
    if (error === null) return form.setError('root.server', { message: t('errors.googleFailed') });
    const key = errorTextKey(error);
    const message = t(key, { ns: 'api' });
    if (key === 'noMatch' && onNoMatch) onNoMatch(message);
    else if (CAPTCHA_KEYS.has(key)) form.setError('captcha' as FieldPath<T>, { type: 'server', message });
    else form.setError('root.server', { message });
  };
};

/** The login form's: a wrong password marks both fields. */
export const useLoginError = (form: UseFormReturn<LoginValues>) => {
  const { t } = useTranslation('login');
  return useSignInError(form, (message) => {
    form.setError('username', { type: 'server', message: t('errors.checkUsername') });
    form.setError('password', { type: 'server', message });
  });
};
