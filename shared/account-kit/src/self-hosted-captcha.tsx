import { useId, useState } from 'react';
import { getCaptchaChallenge } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Flex, Spinner, Text } from '@entry/ui';
import type { CaptchaWidgetProps } from './captcha-provider.tsx';
import { solveChallenge } from './solve-challenge.ts';

/**
 * The "I'm not a robot" tickbox, self-hosted: ticking it fetches a challenge from our server and
 * solves it; the resulting token is the form's value. Ticked is having a token, so when the form
 * clears it after a failed login, the box clears too and asks to be ticked again (each token opens
 * one login).
 */
export const SelfHostedCaptcha = ({ token, onToken, onProblem, fieldRef, errorId }: CaptchaWidgetProps) => {
  const { t } = useTranslation('account');
  const id = useId();
  const [solving, setSolving] = useState(false);
  const solved = Boolean(token);

  const verify = async () => {
    setSolving(true);
    onProblem(null);
    try {
      onToken(await solveChallenge(await getCaptchaChallenge()));
    } catch {
      onProblem('timeout-or-duplicate');
    } finally {
      setSolving(false);
    }
  };

  return (
    <Flex asChild align="center" gap="2" p="3" className="captcha-box">
      <label htmlFor={id}>
        <input
          id={id}
          ref={fieldRef}
          type="checkbox"
          checked={solved}
          disabled={solving || solved}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          onChange={() => void verify()}
        />
        <Text>{t('captcha.label')}</Text>
        {solving && <Spinner aria-label={t('captcha.checking')} />}
      </label>
    </Flex>
  );
};
