import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { CAPTCHA_CHALLENGE_URL } from '@entry/api';
import { useTranslation } from '@entry/i18n';
import type { CaptchaWidgetProps } from './captcha-provider.tsx';
import { loadAltcha } from './load-altcha.ts';
import './altcha-widget.css';

type AltchaElement = HTMLElementTagNameMap['altcha-widget'];
type StateChange = CustomEvent<{ state: string; payload?: string }>;

/**
 * ALTCHA's "I'm not a robot" tickbox: ticking it fetches a challenge from our server
 * (/ms_accounts/auth/captcha) and solves it in a worker; the resulting payload is the form's value.
 * Ticked is having a token, so when the form clears it after a failed login, the widget resets and
 * asks to be ticked again (each payload opens one login). Keyboard: Tab to it, Space ticks it.
 */
export const AltchaWidget = ({ token, onToken, onProblem, fieldRef, errorId }: CaptchaWidgetProps) => {
  const { t } = useTranslation('account');
  const element = useRef<AltchaElement | null>(null);
  const [loaded, setLoaded] = useState(false);

  const setElement = useCallback(
    (node: AltchaElement | null) => {
      element.current = node;
      // The form focuses the tickbox itself when the captcha is missing on submit.
      fieldRef(node ? ({ focus: () => node.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus() } as HTMLElement) : null);
    },
    [fieldRef],
  );

  const failedToLoad = useEffectEvent(() => onProblem('unavailable'));
  useEffect(() => {
    let live = true;
    loadAltcha({
      label: t('captcha.label'),
      // Ticked keeps its name, as reCAPTCHA's does: the tick itself says it is done.
      verified: t('captcha.label'),
      verifying: t('captcha.checking'),
      error: t('captcha.timeout-or-duplicate'),
    }).then(
      () => live && setLoaded(true),
      () => live && failedToLoad(),
    );
    return () => {
      live = false;
    };
  }, [t]);

  const changed = useEffectEvent(({ detail: { state, payload } }: StateChange) => {
    if (state === 'verified' && payload) {
      onProblem(null);
      onToken(payload);
    } else if (state === 'expired') {
      onToken('');
    } else if (state === 'error') {
      onToken('');
      onProblem('timeout-or-duplicate');
    }
  });
  useEffect(() => {
    const node = element.current;
    if (!loaded || !node) return;
    const listener = (event: Event) => changed(event as StateChange);
    node.addEventListener('statechange', listener);
    return () => node.removeEventListener('statechange', listener);
  }, [loaded]);

  useEffect(() => {
    // The message under the field describes ALTCHA's own tickbox, which is out of React's reach.
    const box = element.current?.querySelector('input[type="checkbox"]');
    if (!loaded || !box) return;
    if (errorId) {
      box.setAttribute('aria-describedby', errorId);
      box.setAttribute('aria-invalid', 'true');
    } else {
      box.removeAttribute('aria-describedby');
      box.removeAttribute('aria-invalid');
    }
  }, [loaded, errorId]);

  useEffect(() => {
    // The form clears the token after a failed login: the ticked box must be ticked again.
    const node = element.current;
    if (loaded && !token && node?.getState?.() === 'verified') node.reset();
  }, [loaded, token]);

  return (
    <altcha-widget
      ref={setElement}
      challenge={CAPTCHA_CHALLENGE_URL}
      name="captcha"
      language="en"
      configuration={JSON.stringify({ hideFooter: true, hideLogo: true })}
    />
  );
};
