import { useTranslation } from '@entry/i18n';
import { useLocation } from '@entry/routes';
import { StatusMessage, StatusText } from '@entry/ui';

/** What the reset screen hands the login in the navigation's state: the account's email, and why. */
export type PasswordChanged = { email: string; passwordChanged: true };

/**
 * "Your password has been changed", for as long as the login shows after a reset (a reload keeps
 * the history entry, so the message too): unlike a toast, it waits until it has been read.
 */
export const PasswordChangedMessage = () => {
  const { t } = useTranslation('login');
  const changed = (useLocation().state as Partial<PasswordChanged> | null)?.passwordChanged === true;
  if (!changed) return null;
  return (
    <StatusMessage tone="success" role="status" mb="4">
      <StatusText>{t('login.passwordChanged')}</StatusText>
    </StatusMessage>
  );
};
