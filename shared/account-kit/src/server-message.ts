import { RECAPTCHA_MESSAGE_KEYS, RECAPTCHA_MESSAGE_PREFIX, isOneOf } from '@entry/constants';

/**
 * SPEC section 5: server messages about the captcha come as 'recaptcha <code>' and are shown in
 * words; any other message is shown as the server wrote it. Returns the key (namespace "account") or
 * the text.
 */
export const serverMessageKey = (message: string): { key: string } | { text: string } => {
  const [prefix, code] = message.split(' ');
  if (prefix === RECAPTCHA_MESSAGE_PREFIX && isOneOf(RECAPTCHA_MESSAGE_KEYS, code)) return { key: `captcha.${code}` };
  return { text: message };
};
