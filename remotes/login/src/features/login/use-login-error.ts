import { publishEvent } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { notify } from '@entry/ui';
import { serverMessageKey } from '@entry/account-kit';

const LOGIN_ERROR_TOAST = 'login-error';

/**
 * SPEC section 8: a failed login shows the server's message in an assertive error toast (one at a
 * time, the newest replacing the last) and records login_failed.
 */
export const useLoginError = () => {
  const { t } = useTranslation('login');
  return (error: unknown) => {
    const raw = error instanceof Error && error.message ? error.message : t('errors.generic');
    const message = serverMessageKey(raw);
    notify.error('key' in message ? t(message.key, { ns: 'account' }) : message.text, { id: LOGIN_ERROR_TOAST });
    void publishEvent('login_failed');
  };
};
