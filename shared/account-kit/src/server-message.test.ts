import { describe, expect, it } from 'vitest';
import { serverMessageKey } from './server-message.ts';

describe('serverMessageKey', () => {
  it('turns the two captcha codes into their texts', () => {
    expect(serverMessageKey('recaptcha missing-input-response')).toEqual({ key: 'captcha.missing-input-response' });
    expect(serverMessageKey('recaptcha timeout-or-duplicate')).toEqual({ key: 'captcha.timeout-or-duplicate' });
  });

  it('shows any other message as it came', () => {
    expect(serverMessageKey('Username and password do not match')).toEqual({ text: 'Username and password do not match' });
    expect(serverMessageKey('recaptcha something-else')).toEqual({ text: 'recaptcha something-else' });
  });
});
