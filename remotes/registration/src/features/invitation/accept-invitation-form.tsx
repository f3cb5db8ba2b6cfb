import { CaptchaField, PasswordInput, useCaptchaRequirement } from '@entry/account-kit';
import { acceptTutorInvite } from '@entry/api';
import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { Flex, Form, SubmitButton, TextInput, useAppForm } from '@entry/ui';
import { readServerProblem } from '../../lib/server-problem.ts';

type AcceptValues = { username: string; password: string; captcha: string };

/**
 * The student accepts with their own credentials, in one call: the server checks them as a login does
 * and links and signs in only a student account. Any refusal leaves the visitor exactly who they were;
 * an acceptance is told by the screen, which then hands the student over to the signed-in apps.
 */
export const AcceptInvitationForm = ({ token, onAccepted }: { token: string; onAccepted: () => void }) => {
  const { t } = useRegistrationTranslation();
  const form = useAppForm<AcceptValues>({ defaultValues: { username: '', password: '', captcha: '' } });
  const captcha = useCaptchaRequirement();

  const onSubmit = async ({ username, password, captcha: answer }: AcceptValues) => {
    try {
      await acceptTutorInvite({
        tutorInviteToken: token,
        credentials: { username: username.trim(), password },
        captcha: captcha.required ? answer : undefined,
      });
      onAccepted();
    } catch (error) {
      // In the form's error summary, in words, until the next try.
      form.setError('root.server', { message: t(readServerProblem(error).key) });
      form.setValue('captcha', '');
      await captcha.check(error);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} aria-label={t('invite.submit')}>
      <Flex direction="column" gap="4">
        <TextInput<AcceptValues> name="username" label={t('invite.username')} autoComplete="username" rules={{ required: t('errors.enterUsername') }} />
        <PasswordInput<AcceptValues> name="password" label={t('invite.password')} autoComplete="current-password" rules={{ required: t('errors.enterPassword') }} />
        {captcha.required && <CaptchaField />}
        <SubmitButton size="3" loading={form.formState.isSubmitting}>
          {t('invite.submit')}
        </SubmitButton>
      </Flex>
    </Form>
  );
};
