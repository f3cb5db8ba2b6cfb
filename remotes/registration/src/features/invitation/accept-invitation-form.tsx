import { useState } from 'react';
import { CaptchaField, handOffSignedIn, PasswordInput, serverMessageKey, useCaptchaRequirement } from '@entry/account-kit';
import { acceptTutorInvite } from '@entry/api';
import { i18n } from '@entry/i18n';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Flex, Form, StatusMessage, StatusText, SubmitButton, TextInput, useAppForm } from '@entry/ui';
import { readServerProblem } from '../../lib/server-problem.ts';

type AcceptValues = { username: string; password: string; captcha: string };

/** The text for a failed acceptance: captcha codes in words (SPEC section 5), others as the server wrote them. */
const failureText = (t: (key: string) => string, error: unknown): string => {
  const problem = readServerProblem(error);
  const captcha = serverMessageKey(problem.text ?? '');
  if ('key' in captcha) return i18n.t(captcha.key, { ns: 'account' });
  return problem.key ? t(problem.key) : (problem.text ?? t('errors.generic'));
};

/**
 * The student accepts with their own credentials, in one call: the server checks them as a login does
 * and links and signs in only a student account. Any refusal leaves the visitor exactly who they were;
 * an acceptance hands the student over to the signed-in apps (SPEC section 4).
 */
export const AcceptInvitationForm = ({ token }: { token: string }) => {
  const { t } = useRegistrationTranslation();
  const form = useAppForm<AcceptValues>({ defaultValues: { username: '', password: '', captcha: '' } });
  const captcha = useCaptchaRequirement();
  const [failure, setFailure] = useState<string | null>(null);
  const missing = { required: t('errors.missingParams') };

  const onSubmit = async ({ username, password, captcha: answer }: AcceptValues) => {
    setFailure(null);
    try {
      await acceptTutorInvite({
        tutorInviteToken: token,
        credentials: { username: username.trim(), password },
        captcha: captcha.required ? answer : undefined,
      });
      handOffSignedIn(null);
    } catch (error) {
      setFailure(failureText(t, error));
      form.setValue('captcha', '');
      await captcha.check(username.trim());
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('invite.submit')}>
      <Flex direction="column" gap="4">
        <TextInput<AcceptValues> name="username" label={t('invite.username')} autoComplete="username" rules={missing} />
        <PasswordInput<AcceptValues> name="password" label={t('invite.password')} autoComplete="current-password" rules={missing} />
        {captcha.required && <CaptchaField />}
        {failure && (
          <StatusMessage tone="error" role="alert">
            <StatusText>{failure}</StatusText>
          </StatusMessage>
        )}
        <SubmitButton size="3" loading={form.formState.isSubmitting}>
          {t('invite.submit')}
        </SubmitButton>
      </Flex>
    </Form>
  );
};
