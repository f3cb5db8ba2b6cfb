import { useState } from 'react';
import { errorTextKey, requestPasswordReset } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink, safeRedirect, useLocation, useParams, useSearchParams, useSite } from '@entry/routes';
import { Card, Flex, Form, Link, PageHeader, StatusMessage, StatusText, SubmitButton, Text, TextInput, useAppForm } from '@entry/ui';
import { emailFromState } from './email-from-state.ts';

type ForgottenValues = { email: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `/forgotten/:email?`: ask for a reset link. The answer never says whether the account exists. */
export const ForgottenScreen = () => {
  const { t } = useTranslation('login');
  // The address's email (SPEC section 2), or the one typed on the page the visitor came from.
  const handedOver = emailFromState(useLocation().state);
  const { email = handedOver } = useParams();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'), useSite().origin);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useAppForm<ForgottenValues>({ defaultValues: { email } });

  const onSubmit = async ({ email: address }: ForgottenValues) => {
    try {
      await requestPasswordReset({ email: address.trim(), redirect: redirect ?? undefined });
      setSentTo(address.trim());
    } catch (error) {
      // Said in the form's error summary, in words (issue 24), and kept until the next try.
      form.setError('root.server', { message: t(errorTextKey(error), { ns: 'api' }) });
    }
  };

  const backToLogin = `${getHref('login')}${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ''}`;
  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 440 }}>
        <PageHeader title={t('forgotten.title')} heading={t('forgotten.heading')}>
          {t('forgotten.lead')}
        </PageHeader>
        {sentTo ? (
          <StatusMessage tone="success" role="status">
            <StatusText>{t('forgotten.sent', { email: sentTo })}</StatusText>
          </StatusMessage>
        ) : (
          <Form form={form} onSubmit={onSubmit} aria-label={t('forgotten.heading')}>
            <Flex direction="column" gap="4">
              <TextInput<ForgottenValues>
                name="email"
                label={t('forgotten.email')}
                type="email"
                autoComplete="email"
                rules={{ required: true, pattern: { value: EMAIL, message: t('forgotten.invalidEmail') } }}
              />
              <SubmitButton size="3" loading={form.formState.isSubmitting}>
                {t('forgotten.submit')}
              </SubmitButton>
            </Flex>
          </Form>
        )}
        <Text as="p" size="2" mt="4">
          <Link asChild standalone>
            <RouterLink to={backToLogin}>{t('forgotten.back')}</RouterLink>
          </Link>
        </Text>
      </Card>
    </Flex>
  );
};
