import { useEffect, useState } from 'react';
import { NewPasswordField, PasswordInput } from '@entry/account-kit';
import { errorTextKey, getResetToken, resetPassword } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink, useAddressSecrets, useNavigate } from '@entry/routes';
import { Card, Flex, Form, Link, notify, PageHeader, Spinner, StatusMessage, StatusText, SubmitButton, useAppForm } from '@entry/ui';
import type { PasswordChanged } from '../login/password-changed.tsx';

type ResetValues = { password: string; confirm: string };
type LinkState = 'checking' | 'valid' | 'invalid';

/** `/reset/:token/staff` and `/reset/:token/:magic_access_code?`: choose a new password. */
export const ResetScreen = ({ staff = false }: { staff?: boolean }) => {
  const { t } = useTranslation('login');
  // The token leaves the address bar before any third-party script may read it.
  const { secrets, pending, forget } = useAddressSecrets();
  const { token = '', magic_access_code } = secrets;
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>('checking');
  const [username, setUsername] = useState('');
  const form = useAppForm<ResetValues>({ defaultValues: { password: '', confirm: '' } });

  useEffect(() => {
    if (pending) return;
    getResetToken(token).then(
      (info) => {
        setUsername(info.username ?? '');
        setLink('valid');
      },
      () => setLink('invalid'),
    );
  }, [token, pending]);

  const onSubmit = async (values: ResetValues) => {
    try {
      await resetPassword({ token, password: values.password, magic_access_code });
      forget();
      // Reached through an access code: sign in with it again. Otherwise the login, its email filled in
      // and the change said there until the visitor leaves it (in the history entry, never the address).
      if (magic_access_code) {
        notify.success(t('reset.done'));
        navigate(getHref('magic', { access_code: magic_access_code }));
      } else {
        const state: PasswordChanged = { email: username, passwordChanged: true };
        navigate(getHref('login'), { state });
      }
    } catch (error) {
      // Said in the form's error summary, in words (issue 24), and kept until the next try.
      form.setError('root.server', { message: t(errorTextKey(error), { ns: 'api' }) });
    }
  };

  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 440 }}>
        <PageHeader title={t('reset.title')} heading={t(staff ? 'reset.headingStaff' : 'reset.heading')} />
        {link === 'checking' && <Spinner aria-label={t('reset.checking')} />}
        {link === 'invalid' && (
          <Flex direction="column" gap="3" align="start">
            <StatusMessage tone="error" role="alert">
              <StatusText>{t('reset.invalid')}</StatusText>
            </StatusMessage>
            <Link asChild standalone>
              <RouterLink to={getHref('forgotten')}>{t('reset.askAgain')}</RouterLink>
            </Link>
          </Flex>
        )}
        {link === 'valid' && (
          <Form form={form} onSubmit={onSubmit} aria-label={t('reset.heading')}>
            <Flex direction="column" gap="4">
              <NewPasswordField<ResetValues> name="password" label={t('reset.password')} />
              <PasswordInput<ResetValues>
                name="confirm"
                label={t('reset.confirm')}
                autoComplete="new-password"
                rules={{ required: true, validate: (value, values) => value === values.password || t('reset.mismatch') }}
              />
              <SubmitButton size="3" loading={form.formState.isSubmitting}>
                {t('reset.submit')}
              </SubmitButton>
            </Flex>
          </Form>
        )}
      </Card>
    </Flex>
  );
};
