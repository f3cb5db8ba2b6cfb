import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer } from './test-server.ts';
import { createUser } from './users.ts';

const SECRET = 'recaptcha-test-secret';
const PASSWORD = 'correct horse battery';

/**
 * A stand-in for Google's siteverify endpoint. The token says what Google would answer:
 * "good-..." passes, "<error-code>-..." fails with that code, "broken" answers 500.
 */
const startFakeSiteverify = async () => {
  const app = new Hono();
  const checks: URLSearchParams[] = [];
  app.post('/siteverify', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    checks.push(form);
    const token = form.get('response') ?? '';
    if (form.get('secret') !== SECRET) return c.json({ success: false, 'error-codes': ['invalid-input-secret'] });
    if (token === 'broken') return c.json({ message: 'oops' }, 500);
    if (token.startsWith('good-')) return c.json({ success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' });
    return c.json({ success: false, 'error-codes': [token.replace(/-[^-]*$/, '')] });
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  return {
    verifyUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    checks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let google: Awaited<ReturnType<typeof startFakeSiteverify>>;
let server: Awaited<ReturnType<typeof startServer>>;
const logged: string[] = [];

beforeAll(async () => {
  google = await startFakeSiteverify();
  // One failure brings the captcha, so every test starts from a single wrong password.
  server = await startServer({ limits: { captchaAfter: 1, addressLimit: 1000 }, recaptcha: { secret: SECRET, verifyUrl: google.verifyUrl } });
  await createUser(server.db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent' });
  for (const method of ['log', 'error', 'warn'] as const) {
    vi.spyOn(console, method).mockImplementation((...parts: unknown[]) => {
      logged.push(parts.map(String).join(' '));
    });
  }
});
afterEach(() => {
  server.db.prepare('DELETE FROM login_failures').run();
  // Neither the secret nor a token ever reaches the logs.
  expect(logged.filter((line) => line.includes(SECRET) || line.includes('-token'))).toEqual([]);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
  await google.close();
});

const logInWith = async (captcha?: string) => {
  const browser = server.browser();
  await browser.post('/ms_accounts/auth/login', { username: 'ada', password: 'nope-nope' });
  return browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD, ...(captcha === undefined ? {} : { captcha }) });
};

describe('reCAPTCHA as the captcha verifier', () => {
  it('lets a login in with a token Google accepts, having sent it with the secret and the address', async () => {
    const response = await logInWith('good-ada-token');
    expect(response).toMatchObject({ status: 200, body: { base: 'parent' } });
    expect(Object.fromEntries(google.checks.at(-1) ?? [])).toEqual({ secret: SECRET, response: 'good-ada-token', remoteip: '127.0.0.1' });
  });

  it('says the tickbox is missing without a token, without asking Google', async () => {
    const before = google.checks.length;
    expect(await logInWith()).toMatchObject({ status: 400, body: { message: 'recaptcha missing-input-response' } });
    expect(google.checks.length).toBe(before);
  });

  it('passes on Google’s missing-input-response', async () => {
    expect(await logInWith('missing-input-response-token')).toMatchObject({
      status: 400,
      body: { message: 'recaptcha missing-input-response' },
    });
  });

  it.each(['timeout-or-duplicate-token', 'invalid-input-response-token'])('asks to tick again when Google answers %s', async (token) => {
    expect(await logInWith(token)).toMatchObject({ status: 400, body: { message: 'recaptcha timeout-or-duplicate' } });
  });

  it('checks the token of a code login the same way', async () => {
    const browser = server.browser();
    await browser.post('/ms_accounts/auth/login_with_code', { access_code: 'NOPE1234', id_school_customer: 1001 });
    const refused = await browser.post('/ms_accounts/auth/login_with_code', { access_code: 'NOPE1234', id_school_customer: 1001, captcha: 'timeout-or-duplicate-token' });
    expect(refused).toMatchObject({ status: 400, body: { message: 'recaptcha timeout-or-duplicate' } });
    const passed = await browser.post('/ms_accounts/auth/login_with_code', { access_code: 'NOPE1234', id_school_customer: 1001, captcha: 'good-code-token' });
    expect(passed).toMatchObject({ status: 400, body: { message: 'This access code is not valid or has expired' } });
  });

  it('hands out no self-hosted challenges', async () => {
    expect((await server.browser().get('/ms_accounts/auth/captcha')).status).toBe(404);
  });

  it('answers 503 when Google fails, and says why in the log without the token', async () => {
    expect(await logInWith('broken')).toMatchObject({
      status: 503,
      body: { message: 'The "I\'m not a robot" check is not available just now. Please try again in a few minutes.' },
    });
    expect(logged).toContainEqual(expect.stringMatching(/siteverify did not answer \(status 500\)/));
  });
});

describe('reCAPTCHA misconfigured or out of reach', () => {
  it('answers 503 to a login when the verifier is down, and keeps serving', async () => {
    const gone = await startFakeSiteverify();
    await gone.close();
    const cut = await startServer({ limits: { captchaAfter: 1 }, recaptcha: { secret: SECRET, verifyUrl: gone.verifyUrl } });
    await createUser(cut.db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent' });
    const browser = cut.browser();
    await browser.post('/ms_accounts/auth/login', { username: 'ada', password: 'nope-nope' });
    const response = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD, captcha: 'good-ada-token' });
    expect(response.status).toBe(503);
    expect((await browser.get('/health')).status).toBe(200);
    await cut.close();
  });

  it('answers 503 when Google refuses the secret, naming the setting to check', async () => {
    const wrong = await startServer({ limits: { captchaAfter: 1 }, recaptcha: { secret: 'not-the-secret', verifyUrl: google.verifyUrl } });
    await createUser(wrong.db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent' });
    const browser = wrong.browser();
    await browser.post('/ms_accounts/auth/login', { username: 'ada', password: 'nope-nope' });
    const response = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD, captcha: 'good-ada-token' });
    expect(response.status).toBe(503);
    expect(logged).toContainEqual(expect.stringMatching(/invalid-input-secret.*RECAPTCHA_SECRET/));
    expect(logged.join('\n')).not.toContain('not-the-secret');
    await wrong.close();
  });
});
