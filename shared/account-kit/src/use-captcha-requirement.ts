import { useCallback, useEffect, useState } from 'react';
import { getCaptchaRequirement } from '@entry/api';
import { RECAPTCHA_MESSAGE_PREFIX } from '@entry/constants';

/** Whether the next login needs the captcha; asking failing counts as yes. */
const askRequirement = (): Promise<boolean> =>
  getCaptchaRequirement().then(
    (answer) => answer.requireCaptcha,
    () => true,
  );

/** A refusal that names the captcha ('recaptcha <code>'): the server wants the tickbox, whatever the check says. */
const refusedForCaptcha = (refusal: unknown): boolean =>
  refusal instanceof Error && refusal.message.split(' ')[0] === RECAPTCHA_MESSAGE_PREFIX;

/**
 * SPEC section 5: the captcha shows when the server says it is required, and also when asking
 * fails (better one tickbox too many than a login that cannot pass). `check` asks again after a
 * failure (SPEC section 8); given the failure, a refusal for want of the captcha shows it even when
 * the check says no (an account service that answers the check for the address only).
 */
export const useCaptchaRequirement = () => {
  const [required, setRequired] = useState(false);
  useEffect(() => {
    let current = true;
    void askRequirement().then((answer) => current && setRequired(answer));
    return () => {
      current = false;
    };
  }, []);
  const check = useCallback(async (refusal?: unknown) => setRequired((await askRequirement()) || refusedForCaptcha(refusal)), []);
  return { required, check };
};

export type CaptchaRequirement = ReturnType<typeof useCaptchaRequirement>;
