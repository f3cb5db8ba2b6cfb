import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from './config.ts';

describe('readConfig', () => {
  it('has working defaults', () => {
    expect(readConfig({}, '/srv')).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicDir: '/srv/dist/public',
      databasePath: '/srv/.data/entry.sqlite',
      flagsPath: '/srv/server/flags.json',
      loginAddressLimit: 30,
      google: { tokenUrl: 'https://oauth2.googleapis.com/token' },
      recaptcha: { secret: undefined, verifyUrl: 'https://www.google.com/recaptcha/api/siteverify' },
      demoMode: false,
      site: { publicOrigin: 'http://localhost:3000', allowedOrigins: ['http://127.0.0.1:3000', 'http://[::1]:3000'], trustedProxies: [] },
    });
    expect(readConfig({}, '/srv').captchaSecret).toMatch(/^[0-9a-f]{64}$/);
  });

  it('sheds load past 50 ms of event-loop delay and keeps 32 MB of shared pages, unless told otherwise', () => {
    expect(readConfig({}, '/srv')).toMatchObject({ overloadDelayMs: 50, sharedPagesBytes: 32 * 2 ** 20 });
    expect(readConfig({ OVERLOAD_DELAY_MS: '0', SHARED_PAGES_MB: '0' }, '/srv')).toMatchObject({ overloadDelayMs: 0, sharedPagesBytes: 0 });
    expect(() => readConfig({ OVERLOAD_DELAY_MS: '-1' }, '/srv')).toThrow(/OVERLOAD_DELAY_MS must be a whole number/);
  });

  it('refuses a token URL that is not a URL', () => {
    expect(() => readConfig({ GOOGLE_TOKEN_URL: 'not a url' }, '/srv')).toThrow(/GOOGLE_TOKEN_URL must be a URL/);
    expect(() => readConfig({ RECAPTCHA_VERIFY_URL: 'not a url' }, '/srv')).toThrow(/RECAPTCHA_VERIFY_URL must be a URL/);
  });

  it('turns reCAPTCHA on with a secret', () => {
    expect(readConfig({ RECAPTCHA_SECRET: 'shh', RECAPTCHA_VERIFY_URL: 'http://127.0.0.1:9/siteverify' }, '/srv').recaptcha).toEqual({
      secret: 'shh',
      verifyUrl: 'http://127.0.0.1:9/siteverify',
    });
  });

  it.each(['abc', '0', '70000', '3.5'])('refuses PORT=%s with a message naming the variable', (port) => {
    expect(() => readConfig({ PORT: port }, '/srv')).toThrow(ConfigError);
    expect(() => readConfig({ PORT: port }, '/srv')).toThrow(/PORT must be a whole number/);
  });

  it('reads the site from an address (SITE_URL) or a bucket, never both, and refuses a poll past a minute', () => {
    expect(readConfig({ SITE_URL: 'https://cdn.example/public' }, '/srv').siteStore).toEqual({ kind: 'http', url: 'https://cdn.example/public', pollMs: 500 });
    expect(() => readConfig({ SITE_URL: 'ftp://cdn.example/public' }, '/srv')).toThrow(/SITE_URL must be an http or https URL/);
    expect(() => readConfig({ SITE_URL: 'https://cdn.example/public', SITE_S3_BUCKET: 'site' }, '/srv')).toThrow(/SITE_URL and SITE_S3_BUCKET name two sites/);
    expect(() => readConfig({ SITE_URL: 'https://cdn.example/public', SITE_POLL_MS: '120000' }, '/srv')).toThrow(/SITE_POLL_MS must be a whole number from 100 to 60000/);
  });
});
