import { useEffect, useState } from 'react';
import { usePasswordStrength } from '@entry/account-kit';
import { errorTextKey, getResetToken, resetPassword } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink, useAddressSecrets, useNavigate } from '@entry/routes';
import { Card, Flex, Form, Link, notify, PageHeader, Spinner, StatusMessage, StatusText, SubmitButton, Text, TextInput, useAppForm } from '@entry/ui';

type ResetValues = { password: string; confirm: string };
type LinkState = 'checking' | 'valid' | 'invalid';

const MIN_LENGTH = 8;

/** `/reset/:token/staff` and `/reset/:token/:magic_access_code?`: choose a new password. */
export const ResetScreen = ({ staff = false }: { staff?: boolean }) => {
  const { t } = useTranslation('login');
  // The token leaves the address bar before any third-party script may read it.
  const { secrets, pending, forget } = useAddressSecrets();
  const { token = '', magic_access_code } = secrets;
  const navigate = useNavigate();
  const [link, setLink] = useState<LinkState>('checking');
  const form = useAppForm<ResetValues>({ defaultValues: { password: '', confirm: '' } });
  const password = form.watch('password');
  const strength = usePasswordStrength(password);

  useEffect(() => {
    if (pending) return;
    getResetToken(token).then(
      () => setLink('valid'),
      () => setLink('invalid'),
    );
  }, [token, pending]);

  const onSubmit = async (values: ResetValues) => {
    try {
      await resetPassword({ token, password: values.password, magic_access_code });
      forget();
      notify.success(t('reset.done'));
      // Reached through an access code: sign in with it again; otherwise log in with the new password.
      navigate(magic_access_code ? getHref('magic', { access_code: magic_access_code }) : getHref('login'));
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
              <TextInput<ResetValues>
                name="password"
                label={t('reset.password')}
                type="password"
                autoComplete="new-password"
                rules={{ required: true, minLength: { value: MIN_LENGTH, message: t('reset.tooShort', { count: MIN_LENGTH }) } }}
              />
              {strength && (
                <Text size="2" color={strength.weak ? 'red' : 'green'} role="status">
                  {t(strength.weak ? 'reset.weak' : 'reset.strong', { score: strength.score })}
                  {strength.feedback.length > 0 && ` ${strength.feedback.join(' ')}`}
                </Text>
              )}
              <TextInput<ResetValues>
                name="confirm"
                label={t('reset.confirm')}
                type="password"
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
