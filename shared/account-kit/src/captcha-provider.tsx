import type { ReactNode, RefCallback } from 'react';
import { RecaptchaWidget } from './recaptcha-widget.tsx';
import { AltchaWidget } from './altcha-widget.tsx';

/** What went wrong in a widget, named by its text in the "account" namespace (`captcha.<problem>`). */
export type CaptchaProblem = 'timeout-or-duplicate' | 'unavailable';

/** What every provider's widget gets from the captcha field. */
export type CaptchaWidgetProps = {
  /** The form's captcha value: '' until solved, and again once the form clears it after a failed login. */
  token: string;
  /** Gives the form a token, or '' when the one given is no longer good (expired). */
  onToken: (token: string) => void;
  /** Reports a problem the visitor should know about, or null once it has passed. */
  onProblem: (problem: CaptchaProblem | null) => void;
  /** What the form focuses when the captcha is missing on submit. */
  fieldRef: RefCallback<HTMLElement>;
  /** The id of the message under the field, while there is one. */
  errorId: string | undefined;
};

export type CaptchaProvider = {
  name: 'recaptcha' | 'altcha';
  render: (props: CaptchaWidgetProps) => ReactNode;
};

/**
 * Google's reCAPTCHA v2 when the build has a site key (PUBLIC_RECAPTCHA_SITE_KEY), otherwise ALTCHA's
 * self-hosted proof of work, which needs nothing outside our own server (the offline default).
 */
export const captchaProvider = (siteKey: string | undefined = import.meta.env.PUBLIC_RECAPTCHA_SITE_KEY): CaptchaProvider =>
  siteKey
    ? { name: 'recaptcha', render: (props) => <RecaptchaWidget siteKey={siteKey} {...props} /> }
    : { name: 'altcha', render: (props) => <AltchaWidget {...props} /> };
