import { describe, expect, it } from 'vitest';
import { isSensitiveKey } from './sensitive-keys.ts';

describe('isSensitiveKey', () => {
  it.each([
    'password',
    'newPassword',
    'old_password',
    'X-New-Password',
    'token',
    'hubspotUserToken',
    'refresh_token',
    'access_code',
    'accessCode',
    'magic_access_code',
    'captcha',
    'g-recaptcha-response',
    'Authorization',
    'cookie',
    'Set-Cookie',
    'session_id',
    'sessionId',
    'PHPSESSID',
    'sid',
    'credentials',
  ])('treats %s as a credential', (key) => {
    expect(isSensitiveKey(key)).toBe(true);
  });

  it.each(['username', 'correlation_id', 'id_school_customer', 'email', 'url', 'status_code', 'considered', 'session'])(
    'leaves %s alone',
    (key) => {
      expect(isSensitiveKey(key)).toBe(false);
    },
  );
});
