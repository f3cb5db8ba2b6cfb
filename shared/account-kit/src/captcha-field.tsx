import { useId, useState } from 'react';
import { useTranslation } from '@entry/i18n';
import { Flex, Text, useController } from '@entry/ui';
import './locales.ts';
import { captchaProvider, type CaptchaProblem } from './captcha-provider.tsx';

/**
 * The form's `captcha` value, filled by the configured provider's widget (reCAPTCHA or the
 * self-hosted tickbox), with the message under it. Required: submitting without a token says to
 * tick the box. It finds its form through context.
 */
export const CaptchaField = () => {
  const { t } = useTranslation('account');
  const errorId = useId();
  const [problem, setProblem] = useState<CaptchaProblem | null>(null);
  const {
    field: { value, onChange, ref },
    fieldState: { error },
  } = useController<{ captcha: string }>({ name: 'captcha', rules: { required: t('captcha.missing-input-response') } });

  const message = error?.message ?? (problem ? t(`captcha.${problem}`) : undefined);
  return (
    <Flex direction="column" gap="1">
      {captchaProvider().render({
        token: value,
        onToken: onChange,
        onProblem: setProblem,
        fieldRef: ref,
        errorId: message ? errorId : undefined,
      })}
      {message && (
        <Text id={errorId} size="2" color="red">
          {message}
        </Text>
      )}
    </Flex>
  );
};
