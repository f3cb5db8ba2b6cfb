import { useState } from 'react';
import { CaptchaField, serverMessageKey, useCaptchaRequirement } from '@entry/account-kit';
import { forgetCurrentUser, linkStudentToTutor, logIn } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { i18n, useTranslation } from '@entry/i18n';
import { Button, Callout, Flex, Form, TextInput, useAppForm } from '@entry/ui';
import { readServerProblem } from '../../lib/server-problem.ts';

type AcceptValues = { username: string; password: string; captcha: string };

/** The text for a failed acceptance: captcha codes in words (SPEC section 5), others as they came. */
const failureText = (t: (key: string) => string, error: unknown, notStudent: boolean): string => {
  if (notStudent) return t('invite.notStudent');
  const problem = readServerProblem(error);
  const captcha = serverMessageKey(problem.text ?? '');
  if ('key' in captcha) return i18n.t(captcha.key, { ns: 'account' });
  return problem.key ? t(problem.key) : (problem.text ?? t('errors.generic'));
};

/**
 * The student accepts with their own credentials: they are signed in (a login, with its captcha
 * rules), then linked to the tutor as themselves.
 */
export const AcceptInvitationForm = ({ token, onAccepted }: { token: string; onAccepted: () => void }) => {
  const { t } = useTranslation('registration');
  const form = useAppForm<AcceptValues>({ defaultValues: { username: '', password: '', captcha: '' } });
  const captcha = useCaptchaRequirement();
  const setSession = useAuthStore((state) => state.setSession);
  const [failure, setFailure] = useState<string | null>(null);
  const missing = { required: t('errors.missingParams') };

  const onSubmit = async ({ username, password, captcha: answer }: AcceptValues) => {
    setFailure(null);
    let signedIn = false;
    try {
      const user = await logIn({ username: username.trim(), password, captcha: captcha.required ? answer : undefined });
      signedIn = true;
      forgetCurrentUser();
      setSession(user);
      if (user.base !== 'student') {
        setFailure(failureText(t, null, true));
        return;
      }
      await linkStudentToTutor({ tutorInviteToken: token, studentId: user.id_user });
      onAccepted();
    } catch (error) {
      setFailure(failureText(t, error, false));
      if (!signedIn) {
        form.setValue('captcha', '');
        await captcha.check(username.trim());
      }
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('invite.submit')}>
      <Flex direction="column" gap="4">
        <TextInput<AcceptValues> name="username" label={t('invite.username')} autoComplete="username" rules={missing} />
        <TextInput<AcceptValues> name="password" label={t('invite.password')} type="password" autoComplete="current-password" rules={missing} />
        {captcha.required && <CaptchaField />}
        {failure && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{failure}</Callout.Text>
          </Callout.Root>
        )}
        <Button type="submit" size="3" loading={form.formState.isSubmitting}>
          {t('invite.submit')}
        </Button>
      </Flex>
    </Form>
  );
};
