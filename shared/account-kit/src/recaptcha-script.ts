import { CAPTCHA_IFRAME_REMOVAL_DELAY_MS } from '@entry/constants';
import { LOCALE } from '@entry/i18n';

/** The part of Google's reCAPTCHA v2 API (explicit rendering) the widget uses. */
export type Recaptcha = {
  render: (container: HTMLElement, parameters: RecaptchaParameters) => number;
  reset: (widgetId: number) => void;
  getResponse: (widgetId: number) => string;
};

export type RecaptchaParameters = {
  sitekey: string;
  callback: (token: string) => void;
  'expired-callback': () => void;
  'error-callback': () => void;
};

/** The global Google calls once the API is ready (its `onload` parameter). */
export const RECAPTCHA_ONLOAD = 'entryRecaptchaReady';
const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js';

declare global {
  interface Window {
    grecaptcha?: Recaptcha;
    [RECAPTCHA_ONLOAD]?: () => void;
  }
}

let loading: Promise<Recaptcha> | null = null;

/**
 * Loads Google's script once per page, on first use: only a visitor who is asked for the captcha
 * fetches it. A failed load is forgotten, so the next widget tries again.
 */
export const loadRecaptcha = (): Promise<Recaptcha> => {
  loading ??= new Promise<Recaptcha>((resolve, reject) => {
    const script = document.createElement('script');
    const fail = () => {
      script.remove();
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    window[RECAPTCHA_ONLOAD] = () => (window.grecaptcha ? resolve(window.grecaptcha) : fail());
    script.src = `${SCRIPT_URL}?${new URLSearchParams({ render: 'explicit', onload: RECAPTCHA_ONLOAD, hl: LOCALE })}`;
    script.async = true;
    script.onerror = fail;
    document.head.append(script);
  });
  return loading;
};

const isChallengeFrame = (frame: HTMLIFrameElement) => /\/recaptcha\/.*\/bframe/.test(frame.src);

/**
 * Google appends each widget's challenge popup (an iframe in a container) to <body> and leaves it
 * there when the widget goes. SPEC section 9: remove it 5 s after the last widget unmounts, unless
 * another has mounted since (its own popup is in <body> too).
 */
const removeLeftovers = () => {
  for (const frame of document.querySelectorAll('iframe')) {
    if (!isChallengeFrame(frame)) continue;
    let node: Element = frame;
    while (node.parentElement && node.parentElement !== document.body) node = node.parentElement;
    if (node.parentElement === document.body) node.remove();
  }
};

let mounted = 0;
let sweep: ReturnType<typeof setTimeout> | undefined;

/** Counts a mounted widget; the returned function releases it and schedules the clean-up. */
export const holdRecaptcha = (): (() => void) => {
  mounted += 1;
  clearTimeout(sweep);
  return () => {
    mounted -= 1;
    if (mounted === 0) sweep = setTimeout(removeLeftovers, CAPTCHA_IFRAME_REMOVAL_DELAY_MS);
  };
};
