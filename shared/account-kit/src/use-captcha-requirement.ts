import { useCallback, useEffect, useState } from 'react';
import { getCaptchaRequirement } from '@entry/api';

/** Whether the next login needs the captcha; asking failing counts as yes. */
const askRequirement = (username?: string): Promise<boolean> =>
  getCaptchaRequirement(username).then(
    (answer) => answer.requireCaptcha,
    () => true,
  );

/**
 * SPEC section 5: the captcha shows when the server says it is required, and also when asking
 * fails (better one tickbox too many than a login that cannot pass). `check` asks again, for the
 * username just tried, after a failure.
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
  const check = useCallback(async (username?: string) => setRequired(await askRequirement(username)), []);
  return { required, check };
};

export type CaptchaRequirement = ReturnType<typeof useCaptchaRequirement>;
