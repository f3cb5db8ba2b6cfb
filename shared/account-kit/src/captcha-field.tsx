import { useId, useState } from 'react';
import { getCaptchaChallenge } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import { Flex, Spinner, Text, useController } from '@entry/ui';
import './locales.ts';
import { solveChallenge } from './solve-challenge.ts';

type Work = 'idle' | 'solving' | 'failed';

/**
 * The "I'm not a robot" tickbox, self-hosted: ticking it fetches a challenge and solves it; the
 * resulting token is the form's `captcha` value. Cleared by the form after a failed login, it asks
 * to be ticked again (each token opens one login). It finds its form through context.
 */
export const CaptchaField = () => {
  const { t } = useTranslation('account');
  const id = useId();
  const [work, setWork] = useState<Work>('idle');
  const {
    field: { value, onChange, ref },
    fieldState: { error },
  } = useController<{ captcha: string }>({ name: 'captcha', rules: { required: t('captcha.missing-input-response') } });

  // Ticked is having a token: when the form clears it after a failed login, the box clears too.
  const solved = Boolean(value);

  const verify = async () => {
    setWork('solving');
    try {
      onChange(await solveChallenge(await getCaptchaChallenge()));
      setWork('idle');
    } catch {
      setWork('failed');
    }
  };

  const message = error?.message ?? (work === 'failed' ? t('captcha.timeout-or-duplicate') : undefined);
  return (
    <Flex direction="column" gap="1">
      <Flex asChild align="center" gap="2" p="3" className="captcha-box">
        <label htmlFor={id}>
          <input
            id={id}
            ref={ref}
            type="checkbox"
            checked={solved}
            disabled={work === 'solving' || solved}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={() => void verify()}
          />
          <Text>{t('captcha.label')}</Text>
          {work === 'solving' && <Spinner aria-label={t('captcha.checking')} />}
        </label>
      </Flex>
      {message && (
        <Text id={`${id}-error`} size="2" color="red">
          {message}
        </Text>
      )}
    </Flex>
  );
};
