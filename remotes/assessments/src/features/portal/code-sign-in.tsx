import { useEffect, useRef } from 'react';
import { ApiError, forgetCurrentUser, logInWithCode, type ExamInfo } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { Card, Flex, Form, Heading, SubmitButton, Text, TextInput, useAppForm } from '@entry/ui';

type Values = { access_code: string };
type Props = { exam: ExamInfo; accessCode: string | undefined; notYours: boolean; onSignedIn: () => void };

/** Why a code did not sign in, in the applicant's words. */
const failureKey = (error: unknown) => {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return 'signIn.failed';
  if (error.status === 429 || error.message.startsWith('recaptcha')) return 'signIn.tooMany';
  return 'signIn.badCode';
};

/**
 * Signs the applicant in with their access code, for the exam's school (login_with_code). A code in
 * the address is used at once, one time; a wrong one leaves the form to type it.
 */
export const CodeSignIn = ({ exam, accessCode, notYours, onSignedIn }: Props) => {
  const { t } = useTranslation('assessments');
  const setSession = useAuthStore((state) => state.setSession);
  const form = useAppForm<Values>({ defaultValues: { access_code: accessCode ?? '' } });
  const tried = useRef(false);

  const submit = async ({ access_code }: Values) => {
    try {
      const user = await logInWithCode({
        access_code: access_code.trim().toUpperCase(),
        id_school_customer: exam.school.id_school_customer,
      });
      forgetCurrentUser();
      setSession(user);
      onSignedIn();
    } catch (error) {
      form.setError('access_code', { message: t(failureKey(error)) }, { shouldFocus: true });
    }
  };

  useEffect(() => {
    if (!accessCode || tried.current) return;
    tried.current = true;
    void form.handleSubmit(submit)();
  });

  return (
    <Card size="3" style={{ maxWidth: 480 }}>
      <Flex direction="column" gap="3">
        <Heading as="h2" size="5">
          {t('signIn.heading')}
        </Heading>
        <Text as="p">{notYours ? t('signIn.notYours') : t('signIn.lead')}</Text>
        <Form form={form} onSubmit={submit} aria-label={t('signIn.heading')}>
          <Flex direction="column" gap="4">
            <TextInput<Values>
              name="access_code"
              label={t('signIn.label')}
              autoComplete="one-time-code"
              rules={{ required: t('signIn.required') }}
            />
            <SubmitButton size="3" loading={form.formState.isSubmitting}>
              {t('signIn.submit')}
            </SubmitButton>
          </Flex>
        </Form>
      </Flex>
    </Card>
  );
};
