import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { solveChallenge, type Challenge } from './captcha.ts';
import { issueCode, RESET_TOKEN_TTL_MS, ACCESS_CODE_TTL_MS } from './one-time-codes.ts';
import * as passwords from './passwords.ts';
import { hashSecret } from './secrets.ts';
import { startServer } from './test-server.ts';
import { createUser } from './users.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startServer({ limits: { addressLimit: 12 } });
  await createUser(server.db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent' });
  await createUser(server.db, { username: 'grace', email: 'grace@example.com', password: PASSWORD, base: 'teacher', staff: 1 });
  await createUser(server.db, { username: 'kim', email: 'kim@example.com', password: PASSWORD, base: 'applicant', id_school_customer: 1001 });
});
afterAll(() => server.close());

const clearFailures = () => server.db.prepare('DELETE FROM login_failures').run();

describe('sessions', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie of 32+ random bytes, readable as the user', async () => {
    const browser = server.browser();
    const login = await browser.post('/ms_accounts/auth/login', { username: 'ada@example.com', password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ base: 'parent' });
    expect(login.body).not.toHaveProperty('password_hash');
    expect(login.setCookie).toMatch(/HttpOnly/i);
    expect(login.setCookie).toMatch(/SameSite=Lax/i);
    // Plain http is allowed for localhost only; the Secure flag is tested below for another host.
    const token = browser.cookie().split('=')[1] ?? '';
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    expect((await browser.get('/ms_accounts/user')).body).toMatchObject({ base: 'parent' });
    // Only the hash is stored.
    expect(server.db.prepare('SELECT count(*) AS n FROM sessions WHERE token_hash = ?').get(token)?.n).toBe(0);
    expect(server.db.prepare('SELECT count(*) AS n FROM sessions WHERE token_hash = ?').get(hashSecret(token))?.n).toBe(1);
  });

  it('rotates the session at login and ends it at logout: the old cookie then gets 401', async () => {
    const browser = server.browser();
    await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD });
    const first = browser.cookie();
    await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD });
    const second = browser.cookie();
    expect(second).not.toBe(first);

    const stale = server.browser();
    stale.useCookie(first);
    expect((await stale.get('/ms_accounts/user')).status).toBe(401);

    expect((await browser.post('/ms_accounts/auth/logout')).status).toBe(204);
    stale.useCookie(second);
    const after = await stale.get('/ms_accounts/user');
    expect(after).toMatchObject({ status: 401, body: { message: 'Authentication required' } });
  });

  it('answers a 403 naming the session user when another user is asked for', async () => {
    const browser = server.browser();
    const { body } = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD });
    const other = await browser.get(`/ms_accounts/users/${Number(body?.id_user) + 1}`);
    expect(other).toMatchObject({ status: 403, body: { message: "You don't have permission to do that", id_user: body?.id_user } });
  });
});

describe('credentials', () => {
  it('answers an unknown user exactly as a wrong password, after the same hashing work', async () => {
    clearFailures();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const browser = server.browser();
    const unknown = await browser.post('/ms_accounts/auth/login', { username: 'nobody@example.com', password: 'whatever-it-is' });
    const wrong = await browser.post('/ms_accounts/auth/login', { username: 'ada@example.com', password: 'whatever-it-is' });
    expect(unknown).toEqual({ ...wrong, cookie: unknown.cookie });
    expect(unknown).toMatchObject({ status: 400, body: { message: 'Username and password do not match' } });
    expect(verify).toHaveBeenCalledTimes(2);
    verify.mockRestore();
  });

  it('stores passwords with argon2id at OWASP’s parameters (19 MiB, 2 passes, 1 lane), salted', async () => {
    const rows = server.db.prepare("SELECT password_hash FROM users WHERE username IN ('ada', 'grace')").all();
    const [a, b] = rows.map((row) => String(row.password_hash));
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(a).not.toBe(b);
  });

  it('refuses a password over 1 KiB before hashing it', async () => {
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const response = await server.browser().post('/ms_accounts/auth/login', { username: 'ada', password: 'x'.repeat(1025) });
    expect(response).toMatchObject({ status: 400, body: { message: 'Bad request: illegal arguments' } });
    expect(verify).not.toHaveBeenCalled();
    verify.mockRestore();
  });

  it('refuses a body over 16 KiB', async () => {
    const response = await server.browser().post('/ms_accounts/auth/login', JSON.stringify({ username: 'ada', password: 'p', pad: 'x'.repeat(17 * 1024) }));
    expect(response.status).toBe(413);
  });

  it('refuses a login without X-Requested-With or from another origin', async () => {
    const browser = server.browser();
    const body = { username: 'ada', password: PASSWORD };
    expect((await browser.post('/ms_accounts/auth/login', body, { 'X-Requested-With': '' })).status).toBe(403);
    expect((await browser.post('/ms_accounts/auth/login', body, { Origin: 'https://evil.example' })).status).toBe(403);
  });

  it('says Missing params for an empty username or password', async () => {
    const response = await server.browser().post('/ms_accounts/auth/login', { username: 'ada', password: '' });
    expect(response).toMatchObject({ status: 400, body: { message: 'Missing params' } });
  });
});

describe('captcha and rate limits', () => {
  const requireCaptcha = async () => (await server.browser().get('/ms_accounts/auth/require-captcha')).body?.requireCaptcha;
  const solved = async () => solveChallenge((await server.browser().get('/ms_accounts/auth/captcha')).body as unknown as Challenge);

  it('requires the captcha from an address after 5 failures for an identifier tried there, known or not, and a success clears it', async () => {
    const browser = server.browser();
    for (const username of ['ghost@example.com', 'ada']) {
      clearFailures();
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect(await requireCaptcha()).toBe(false);
        await browser.post('/ms_accounts/auth/login', { username, password: 'nope-nope' });
      }
      expect(await requireCaptcha()).toBe(true);
    }
    const without = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD });
    expect(without).toMatchObject({ status: 400, body: { message: 'recaptcha missing-input-response' } });

    const captcha = await solved();
    const ok = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD, captcha });
    expect(ok.status).toBe(200);
    expect(await requireCaptcha()).toBe(false);

    // A solved captcha opens one login only.
    for (let attempt = 0; attempt < 5; attempt += 1) await browser.post('/ms_accounts/auth/login', { username: 'ada', password: 'nope-nope' });
    const reused = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD, captcha });
    expect(reused).toMatchObject({ status: 400, body: { message: 'recaptcha timeout-or-duplicate' } });
    const forged = await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD, captcha: Buffer.from('{"number":1}').toString('base64') });
    expect(forged.body?.message).toBe('recaptcha timeout-or-duplicate');
  });

  it('answers 429 to an address with too many failures', async () => {
    clearFailures();
    const browser = server.browser();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt += 1) {
      statuses.push((await browser.post('/ms_accounts/auth/login', { username: `user${attempt}`, password: 'nope-nope' })).status);
    }
    expect(statuses.slice(0, 12).every((status) => status === 400)).toBe(true);
    expect(statuses[12]).toBe(429);
    const right = await browser.post('/ms_accounts/auth/login', { username: 'grace', password: PASSWORD });
    expect(right.status).toBe(429);
    clearFailures();
  });
});

describe('reset links and access codes', () => {
  const linkFromOutbox = async (email: string) => {
    // Mail goes out after the answer (reset-mail.ts): give it its turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const row = server.db.prepare('SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1').get(email);
    return /\/public\/reset\/([\w-]+)(\/staff)?/.exec(String(row?.body));
  };

  it('answers a reset request the same for a registered and an unknown email', async () => {
    const browser = server.browser();
    const known = await browser.post('/ms_accounts/auth/reset-token', { email: 'ada@example.com' });
    const unknown = await browser.post('/ms_accounts/auth/reset-token', { email: 'nobody@example.com' });
    expect(known.status).toBe(202);
    expect(unknown).toEqual(known);
    expect(await linkFromOutbox('nobody@example.com')).toBeNull();
  });

  it('sends a staff user a staff link, stores only its hash, and lets it be used once', async () => {
    const browser = server.browser();
    await browser.post('/ms_accounts/auth/reset-token', { email: 'grace@example.com' });
    const [, token = '', staff] = (await linkFromOutbox('grace@example.com')) ?? [];
    expect(staff).toBe('/staff');
    expect(server.db.prepare('SELECT count(*) AS n FROM one_time_codes WHERE code_hash = ?').get(token)?.n).toBe(0);
    // It names the account, so that the login after the reset starts filled in.
    expect((await browser.get(`/ms_accounts/auth/reset-token/${token}`)).body).toMatchObject({ valid: true, staff: true, username: 'grace@example.com' });

    const newPassword = 'a brand new password';
    // The policy is judged before the link is used up: a common password leaves it working.
    expect((await browser.post('/ms_accounts/auth/password', { token, password: 'password' })).body).toMatchObject({ message: 'New password is weak' });
    const uses = await Promise.all([1, 2, 3].map(() => server.browser().post('/ms_accounts/auth/password', { token, password: newPassword })));
    expect(uses.map(({ status }) => status).sort()).toEqual([204, 400, 400]);
    expect((await browser.get(`/ms_accounts/auth/reset-token/${token}`)).status).toBe(404);
    expect((await browser.post('/ms_accounts/auth/login', { username: 'grace', password: newPassword })).status).toBe(200);
  });

  it('lets a reset link expire within an hour', async () => {
    const id_user = Number(server.db.prepare("SELECT id_user FROM users WHERE username = 'ada'").get()?.id_user);
    const token = issueCode(server.db, { kind: 'reset', id_user, now: Date.now() - RESET_TOKEN_TTL_MS - 1 });
    expect(RESET_TOKEN_TTL_MS).toBeLessThanOrEqual(60 * 60 * 1000);
    expect((await server.browser().get(`/ms_accounts/auth/reset-token/${token}`)).status).toBe(404);
    expect((await server.browser().post('/ms_accounts/auth/password', { token, password: 'another long one' })).status).toBe(400);
  });

  it('signs in with an access code once, for its school only, within 10 minutes', async () => {
    clearFailures();
    const id_user = Number(server.db.prepare("SELECT id_user FROM users WHERE username = 'kim'").get()?.id_user);
    const code = issueCode(server.db, { kind: 'access', id_user, id_school_customer: 1001 });
    const wrongSchool = await server.browser().post('/ms_accounts/auth/login_with_code', { access_code: code, id_school_customer: 1002 });
    expect(wrongSchool.body?.message).toBe('This access code is not valid or has expired');
    const uses = await Promise.all([1, 2, 3].map(() => server.browser().post('/ms_accounts/auth/login_with_code', { access_code: code, id_school_customer: 1001 })));
    expect(uses.map(({ status }) => status).sort()).toEqual([200, 400, 400]);

    const old = issueCode(server.db, { kind: 'access', id_user, id_school_customer: 1001, now: Date.now() - ACCESS_CODE_TTL_MS - 1 });
    expect(ACCESS_CODE_TTL_MS).toBeLessThanOrEqual(10 * 60 * 1000);
    expect((await server.browser().post('/ms_accounts/auth/login_with_code', { access_code: old, id_school_customer: 1001 })).status).toBe(400);
  });
});

describe('logs', () => {
  it('never prints a password, token or access code', async () => {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    const browser = server.browser();
    await browser.post('/ms_accounts/auth/login', { username: 'ada', password: 'secret-password-123' });
    const id_user = Number(server.db.prepare("SELECT id_user FROM users WHERE username = 'kim'").get()?.id_user);
    const token = issueCode(server.db, { kind: 'reset', id_user });
    const code = issueCode(server.db, { kind: 'access', id_user, id_school_customer: 1001 });
    await browser.get(`/ms_accounts/auth/reset-token/${token}`);
    await browser.get(`/ms_accounts/supervisors/public/access_code/${code}`);
    log.mockRestore();
    error.mockRestore();
    const printed = lines.join('\n');
    expect(printed).toContain('/ms_accounts/auth/reset-token/[Filtered]');
    for (const secret of ['secret-password-123', token, code]) expect(printed).not.toContain(secret);
  });
});
