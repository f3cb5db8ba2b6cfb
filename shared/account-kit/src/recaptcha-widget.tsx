import { useCallback, useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from '@entry/i18n';
import type { CaptchaProblem, CaptchaWidgetProps } from './captcha-provider.tsx';
import { holdRecaptcha, loadRecaptcha, type Recaptcha } from './recaptcha-script.ts';

type RenderedWidget = { api: Recaptcha; id: number };

/**
 * Google's reCAPTCHA v2 tickbox. The token Google hands back is the form's value; the server checks
 * it with Google. Google's own iframe carries the tickbox, so the group around it is what the form
 * focuses and what names the captcha and its message for assistive technology.
 */
export const RecaptchaWidget = ({
  siteKey,
  token,
  onToken,
  onProblem,
  fieldRef,
  errorId,
}: CaptchaWidgetProps & { siteKey: string }) => {
  const { t } = useTranslation('account');
  const container = useRef<HTMLDivElement | null>(null);
  const widget = useRef<RenderedWidget | null>(null);
  const setContainer = useCallback(
    (node: HTMLDivElement | null) => {
      container.current = node;
      fieldRef(node);
    },
    [fieldRef],
  );

  const solved = useEffectEvent((answer: string) => {
    onProblem(null);
    onToken(answer);
  });
  const expired = useEffectEvent(() => onToken(''));
  const failed = useEffectEvent((problem: CaptchaProblem) => {
    onToken('');
    onProblem(problem);
  });

  useEffect(() => {
    // A fresh element per render of the widget: Google refuses to render twice into one element.
    const host = document.createElement('div');
    container.current?.append(host);
    const release = holdRecaptcha();
    let live = true;
    loadRecaptcha().then(
      (api) => {
        if (!live) return;
        const id = api.render(host, {
          sitekey: siteKey,
          callback: (answer) => solved(answer),
          'expired-callback': () => expired(),
          // Usually the network: Google asks the page to tell the visitor to try again.
          'error-callback': () => failed('timeout-or-duplicate'),
        });
        widget.current = { api, id };
      },
      () => live && failed('unavailable'),
    );
    return () => {
      live = false;
      widget.current = null;
      host.remove();
      release();
    };
  }, [siteKey]);

  useEffect(() => {
    // The form clears the token after a failed login; Google's box, still ticked, must be ticked again.
    const current = widget.current;
    if (!token && current?.api.getResponse(current.id)) current.api.reset(current.id);
  }, [token]);

  return <div ref={setContainer} role="group" aria-label={t('captcha.label')} aria-describedby={errorId} tabIndex={-1} />;
};
