import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '@entry/i18n';
import { safeRedirect, useAddressSecrets, useSearchParams, useSite } from '@entry/routes';
import { Card, Flex, Form, PageHeader, SubmitButton, TextInput, useAppForm } from '@entry/ui';
import { CaptchaField, handOffSignedIn, useCaptchaRequirement } from '@entry/account-kit';
import { useSignInError } from '../login/use-login-error.ts';
import { CodeRefusedError, logInWithAccessCode, type CodeRefusal } from './log-in-with-access-code.ts';

type CodeValues = { access_code: string; captcha: string };
type Mode = 'magic' | 'report';
/** Where the screen stands: asking (or signing in), the code refused (each way), or another failure. */
type Outcome = 'asking' | CodeRefusal | 'failed';

/**
 * `/magic/:access_code` signs in with the code in the link at once; `/report/:access_code?` asks for
 * (or confirms) a code to open a report with. Both fall back to typing the code, and both hand the
 * visitor over to the signed-in apps at `/` (SPEC section 4).
 */
export const AccessCodeScreen = ({ mode }: { mode: Mode }) => {
  const { t } = useTranslation('login');
  // The code leaves the address bar before any third-party script may read it.
  const { secrets, pending } = useAddressSecrets();
  const { access_code = '' } = secrets;
  const [params] = useSearchParams();
  const { origin } = useSite();
  const captcha = useCaptchaRequirement();
  const form = useAppForm<CodeValues>({ defaultValues: { access_code, captcha: '' } });
  const onError = useSignInError(form);
  const [outcome, setOutcome] = useState<Outcome>('asking');
  const tried = useRef(false);

  const submit = async ({ access_code: code, captcha: token }: CodeValues) => {
    try {
      await logInWithAccessCode(code, captcha.required ? token : undefined);
      handOffSignedIn(safeRedirect(params.get('redirect'), origin));
    } catch (error) {
      if (error instanceof CodeRefusedError) {
        setOutcome(error.refusal);
        form.setError('access_code', { type: 'server', message: t(`${mode}.${error.refusal}.field`) });
      } else {
        setOutcome('failed');
        onError(error);
      }
      form.setValue('captcha', '');
      await captcha.check(error);
    }
  };

  useEffect(() => {
    // A code kept from before a reload arrives after the first render.
    if (!pending && access_code && !form.getValues('access_code')) form.setValue('access_code', access_code);
    // A magic link is the code already given: use it once, straight away.
    if (mode !== 'magic' || !access_code || tried.current) return;
    tried.current = true;
    void form.handleSubmit(submit)();
  });

  return (
    <Flex justify="center">
      <Card size="4" style={{ width: '100%', maxWidth: 440 }}>
        {/* Each outcome has its own heading and words: a refused link never sits under "Signing you in". */}
        <PageHeader title={t(`${mode}.title`)} heading={t(`${mode}.${outcome}.heading`)}>
          {t(`${mode}.${outcome}.lead`)}
        </PageHeader>
        <Form form={form} onSubmit={submit} aria-label={t(`${mode}.formLabel`)}>
          <Flex direction="column" gap="4">
            <TextInput<CodeValues>
              name="access_code"
              label={t('code.label')}
              autoComplete="one-time-code"
              rules={{ required: t('errors.enterCode') }}
            />
            {captcha.required && <CaptchaField />}
            <SubmitButton size="3" loading={form.formState.isSubmitting}>
              {t('code.submit')}
            </SubmitButton>
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
};
