import { scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as passwords from './passwords.ts';
import { startServer } from './test-server.ts';
import { createUser } from './users.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startServer({ limits: { addressLimit: 30, captchaAfter: 5 } });
  await createUser(server.db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent' });
});
afterAll(() => server.close());

const clearFailures = () => server.db.prepare('DELETE FROM login_failures').run();

describe('brute force: attempts are counted before the hash is computed', () => {
  it('checks at most 5 of 20 simultaneous wrong passwords for one account', async () => {
    clearFailures();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => server.browser().post('/ms_accounts/auth/login', { username: 'ada', password: `wrong-${index}-password` })),
    );
    expect(verify).toHaveBeenCalledTimes(5);
    verify.mockRestore();
    const messages = answers.map(({ body }) => body?.message);
    expect(messages.filter((message) => message === 'Username and password do not match')).toHaveLength(5);
    expect(messages.filter((message) => message === 'recaptcha missing-input-response')).toHaveLength(15);
  });

  it('counts look-alike spellings of one email as one account: full-width and upper-case copies too', async () => {
    clearFailures();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    // 'ａｄａ@ｅｘａｍｐｌｅ.ｃｏｍ' and the like: NFKC makes each of them ada@example.com.
    const fullWidth = (text: string) => [...text].map((char) => (char === '@' ? '＠' : String.fromCharCode(char.charCodeAt(0) + 0xfee0))).join('');
    const spellings = Array.from({ length: 20 }, (_, index) => {
      const email = [...'ada@example.com'].map((char, at) => (at === index % 15 ? fullWidth(char) : char)).join('');
      return index % 2 ? email.toUpperCase() : email;
    });
    await Promise.all(spellings.map((username, index) => server.browser().post('/ms_accounts/auth/login', { username, password: `wrong-${index}-password` })));
    expect(verify).toHaveBeenCalledTimes(5);
    verify.mockRestore();
    const { body } = await server.browser().get('/ms_accounts/auth/require-captcha');
    expect(body).toEqual({ requireCaptcha: true });
    clearFailures();
  });

  it('checks at most the address limit (30) of 110 parallel tries from one address', async () => {
    clearFailures();
    const verify = vi.spyOn(passwords, 'verifyPassword');
    const answers = await Promise.all(
      Array.from({ length: 110 }, (_, index) => server.browser().post('/ms_accounts/auth/login', { username: `user-${index}`, password: 'wrong password' })),
    );
    expect(verify.mock.calls.length).toBeLessThanOrEqual(30);
    verify.mockRestore();
    expect(answers.filter(({ status }) => status === 429).length).toBeGreaterThanOrEqual(80);
    clearFailures();
  });
});

describe('an address over its limit waits for each refusal', () => {
  it('counts the tries the captcha turned away: a script that never solves it reaches the address limit', async () => {
    clearFailures();
    const statuses: string[] = [];
    for (let attempt = 0; attempt < 32; attempt += 1) {
      const { status, body } = await server.browser().post('/ms_accounts/auth/login', { username: 'ada', password: `wrong-${attempt}-password` });
      statuses.push(`${status} ${String(body?.message)}`);
    }
    expect(statuses.slice(0, 5)).toEqual(Array(5).fill('400 Username and password do not match'));
    expect(statuses.slice(5, 30)).toEqual(Array(25).fill('400 recaptcha missing-input-response'));
    expect(statuses.slice(30)).toEqual(Array(2).fill('429 Too many attempts. Please wait a few minutes and try again.'));
    clearFailures();
  });

  it('counts the code logins the captcha turned away as well', async () => {
    clearFailures();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      statuses.push((await server.browser().post('/ms_accounts/auth/login_with_code', { access_code: `WRONG${attempt}`, id_school_customer: 1001 })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
    clearFailures();
  });

  it('holds its refusal while other visitors are answered, and holds no more than maxHeld at once', async () => {
    const held = await startServer({ limits: { addressLimit: 1 }, refusals: { delayMs: 400, maxHeld: 2 }, trustedProxies: ['127.0.0.1'] });
    const from = (address: string) => ({ 'X-Forwarded-For': address });
    const login = (address: string, username = 'nobody') => held.browser().post('/ms_accounts/auth/login', { username, password: 'wrong password' }, from(address));
    try {
      expect((await login('203.0.113.1')).status).toBe(400);
      const order: string[] = [];
      const track = (label: string, answer: Promise<{ status: number }>) => answer.then(({ status }) => order.push(`${label} ${status}`));
      // Three refusals for the hammering address, of which two may be held; then another visitor.
      const refusals = [track('refused', login('203.0.113.1')), track('refused', login('203.0.113.1'))];
      await new Promise((resolve) => setTimeout(resolve, 50));
      await Promise.all([...refusals, track('refused', login('203.0.113.1')), track('visitor', login('203.0.113.2', 'someone'))]);
      expect(order.slice(0, 2).sort()).toEqual(['refused 429', 'visitor 400']);
      expect(order.slice(2)).toEqual(['refused 429', 'refused 429']);
    } finally {
      held.close();
    }
  });
});

describe('password hashes', () => {
  it('upgrades an old scrypt hash to argon2id at the next login', async () => {
    clearFailures();
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('an old password here', salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
    const old = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
    const { id_user } = await createUser(server.db, { username: 'old-timer', password: 'replaced below' });
    server.db.prepare('UPDATE users SET password_hash = ? WHERE id_user = ?').run(old, id_user);

    const login = await server.browser().post('/ms_accounts/auth/login', { username: 'old-timer', password: 'an old password here' });
    expect(login.status).toBe(200);
    const stored = String(server.db.prepare('SELECT password_hash FROM users WHERE id_user = ?').get(id_user)?.password_hash);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await server.browser().post('/ms_accounts/auth/login', { username: 'old-timer', password: 'an old password here' })).status).toBe(200);
  });
});
