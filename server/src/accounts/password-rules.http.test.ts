import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_VERSION } from '@entry/constants';
import { createApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import { endResetLinks, issueCode } from './one-time-codes.ts';
import { startServer } from './test-server.ts';
import * as users from './users.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startServer();
  await users.createUser(server.db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent' });
  await users.createUser(server.db, { username: 'bea', email: 'bea@example.com', password: PASSWORD, base: 'parent' });
});
afterAll(() => server.close());
beforeEach(() => void server.db.prepare('DELETE FROM login_failures').run());

const idOf = (username: string) => Number(server.db.prepare('SELECT id_user FROM users WHERE username = ?').get(username)?.id_user);
const randomPassword = () => Array.from({ length: 8 }, () => 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%+='[randomInt(61)]).join('');
const resetTo = (password: string) =>
  server.browser().post('/ms_accounts/auth/password', { token: issueCode(server.db, { kind: 'reset', id_user: idOf('ada') }), password });

const signUp = (email: string, password: string) =>
  server.browser().post('/ms_accounts/users/public', {
    userType: 'tutor',
    email,
    password,
    localeCode: 'en-gb',
    firstName: 'Grace',
    lastName: 'Hopper',
    termsVersion: TERMS_VERSION,
    subjects: ['maths'],
  });

const changeTo = async (password: string) => {
  const browser = server.browser();
  await browser.post('/ms_accounts/auth/login', { username: 'ada', password: PASSWORD });
  return browser.post('/ms_accounts/auth/password', { currentPassword: PASSWORD, password });
};

describe('one password policy for sign-up, reset and change', () => {
  it.each(['password', '12345678'])('all three refuse %s as weak', async (password) => {
    expect((await signUp(`tutor-${randomInt(1e9)}@example.com`, password)).body).toMatchObject({ message: 'New password is weak' });
    expect((await resetTo(password)).body).toMatchObject({ message: 'New password is weak' });
    expect((await changeTo(password)).body).toMatchObject({ message: 'New password is weak' });
  });

  it('all three refuse 7 characters and accept a random 8-character password', async () => {
    expect((await signUp(`tutor-${randomInt(1e9)}@example.com`, 'x9!Kq#v')).body).toMatchObject({ message: 'New password is weak' });
    expect((await resetTo('x9!Kq#v')).body).toMatchObject({ message: 'New password is weak' });
    expect((await changeTo('x9!Kq#v')).body).toMatchObject({ message: 'New password is weak' });

    expect((await signUp(`tutor-${randomInt(1e9)}@example.com`, randomPassword())).status).toBe(201);
    const viaReset = randomPassword();
    expect((await resetTo(viaReset)).status).toBe(204);
    const viaChange = randomPassword();
    await users.setPassword(server.db, idOf('ada'), PASSWORD);
    expect((await changeTo(viaChange)).status).toBe(204);
    await users.setPassword(server.db, idOf('ada'), PASSWORD);
  });

  it('all three take 64 characters and more', async () => {
    const long = 'the quick brown fox jumps over the lazy dog while seven owls watch';
    expect((await signUp(`tutor-${randomInt(1e9)}@example.com`, long)).status).toBe(201);
    expect((await resetTo(long)).status).toBe(204);
    await users.setPassword(server.db, idOf('ada'), PASSWORD);
  });
});

describe('emails are unique after NFKC and case folding', () => {
  it('refuses a full-width or upper-case copy of a registered email', async () => {
    const email = `grace-${randomInt(1e9)}@example.com`;
    expect((await signUp(email, PASSWORD)).status).toBe(201);
    const fullWidth = [...email].map((character) => String.fromCodePoint(character.codePointAt(0)! + 0xfee0)).join('').replace('＠', '@');
    for (const copy of [fullWidth, email.toUpperCase()]) {
      expect(await signUp(copy, PASSWORD)).toMatchObject({ status: 409, body: { message: 'Your email address is already registered with us' } });
    }
  });

  it('logs in with a full-width copy of the email', async () => {
    const login = await server.browser().post('/ms_accounts/auth/login', { username: 'ａｄａ@ｅｘａｍｐｌｅ.ｃｏｍ', password: PASSWORD });
    expect(login.status).toBe(200);
  });
});

describe('reset requests', () => {
  const resetMails = (email: string) => Number(server.db.prepare('SELECT count(*) AS n FROM mail_outbox WHERE recipient = ?').get(email)?.n);

  it('sends at most 3 reset mails an hour to one email, answering every request alike', async () => {
    const browser = server.browser();
    const answers = [];
    for (let request = 0; request < 5; request += 1) answers.push(await browser.post('/ms_accounts/auth/reset-token', { email: 'bea@example.com' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(new Set(answers.map((answer) => JSON.stringify([answer.status, answer.body]))).size).toBe(1);
    expect(resetMails('bea@example.com')).toBe(3);
    // Each mail's link ended the one before it: only the newest works.
    expect(server.db.prepare("SELECT count(*) AS n FROM one_time_codes WHERE kind = 'reset' AND id_user = ? AND used_at IS NULL").get(idOf('bea'))).toEqual({ n: 1 });
  });

  it('leaves only the newest link working, and none once one of them has changed the password', async () => {
    const id_user = idOf('bea');
    const first = issueCode(server.db, { kind: 'reset', id_user });
    const second = issueCode(server.db, { kind: 'reset', id_user });
    // A new request (as the outbox makes one) ends both.
    endResetLinks(server.db, id_user);
    const newest = issueCode(server.db, { kind: 'reset', id_user });
    for (const token of [first, second]) expect((await server.browser().get(`/ms_accounts/auth/reset-token/${token}`)).status).toBe(404);
    const other = issueCode(server.db, { kind: 'reset', id_user });
    expect((await server.browser().post('/ms_accounts/auth/password', { token: newest, password: 'a brand new passphrase' })).status).toBe(204);
    expect((await server.browser().post('/ms_accounts/auth/password', { token: other, password: 'another new passphrase' })).body).toEqual({
      message: 'This link has expired or has already been used',
    });
  });

  it('refuses an address its 11th request in an hour', async () => {
    const statuses = [];
    // The earlier test used 5 of this address's 10.
    for (let request = 0; request < 6; request += 1) {
      statuses.push((await server.browser().post('/ms_accounts/auth/reset-token', { email: `someone-${request}@example.com` })).status);
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
  });

  it('answers before it looks the email up, for a known and an unknown email alike', async () => {
    const db = openDatabase(':memory:');
    const strength = createStrengthPool();
    const site = { publicOrigin: 'http://localhost', allowedOrigins: [], trustedProxies: [] };
    const app = createApp({ publicDir: '/nonexistent', db, flagsPath: '/nonexistent', captchaSecret: 'x', strength, site });
    await users.createUser(db, { username: 'kim', email: 'kim@example.com', password: PASSWORD });
    const lookup = vi.spyOn(users, 'findUserByEmail');
    for (const email of ['kim@example.com', 'nobody@example.com']) {
      const answer = await app.request('/ms_accounts/auth/reset-token', {
        method: 'POST',
        headers: { Origin: 'http://localhost', 'X-Requested-With': 'x', 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      expect(answer.status).toBe(202);
      // The answer is complete and nothing has looked at the email yet.
      expect(lookup).not.toHaveBeenCalled();
      await new Promise((resolve) => setImmediate(resolve));
      expect(lookup).toHaveBeenCalledTimes(1);
      lookup.mockClear();
    }
    lookup.mockRestore();
    await strength.close();
  });
});
