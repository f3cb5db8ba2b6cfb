import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TERMS_VERSION } from '@entry/constants';
import * as passwords from '../accounts/passwords.ts';
import { createUser } from '../accounts/users.ts';
import { seedDemoInvite } from './seed.ts';
import { startLimitedServer, startServer } from './test-server.ts';
import { issueTutorInvite } from './tutor-invites.ts';

let server: Awaited<ReturnType<typeof startServer>>;
const STRONG = 'seven purple owls at midnight';
const STUDENT_PASSWORD = 'rockets over the reading room';

beforeAll(async () => {
  server = await startServer();
  await createUser(server.db, { username: 'kid-one', password: STUDENT_PASSWORD, base: 'student', baseYearGroup: 5 });
  await createUser(server.db, { username: 'kid-two', password: STUDENT_PASSWORD, base: 'student', baseYearGroup: 7 });
});
afterAll(() => server.close());
// Every request here comes from one address; each test starts with that address's limits unused.
beforeEach(() => void server.db.prepare('DELETE FROM registration_attempts').run());

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence += 1)}`;

const parent = (overrides: Record<string, unknown> = {}, student: Record<string, unknown> = {}) => {
  const id = unique();
  return {
    userType: 'parent',
    email: `parent-${id}@example.com`,
    password: STRONG,
    localeCode: 'en-gb',
    firstName: 'Alex',
    lastName: 'Morgan',
    termsVersion: TERMS_VERSION,
    plan: { purpose: 'exam_preparation' },
    student: { firstName: 'Ada', lastName: 'Lovelace', yearGroup: 6, username: `ada-${id}`, password: STUDENT_PASSWORD, ...student },
    ...overrides,
  };
};

const tutor = (overrides: Record<string, unknown> = {}) => ({
  userType: 'tutor',
  email: `tutor-${unique()}@example.com`,
  password: STRONG,
  localeCode: 'en-gb',
  firstName: 'Grace',
  lastName: 'Hopper',
  termsVersion: TERMS_VERSION,
  subjects: ['maths', 'english'],
  ...overrides,
});

const row = (sql: string, ...params: (string | number)[]) => server.db.prepare(sql).get(...params);
const signUp = (body: unknown, browser = server.browser()) => browser.post('/ms_accounts/users/public', body);

describe('parent sign-up', () => {
  it('creates the parent and the child, links them, starts a trial and signs the parent in', async () => {
    const browser = server.browser();
    const body = parent();
    const response = await signUp(body, browser);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ base: 'parent', localeCode: 'en-gb' });
    expect(response.body).not.toHaveProperty('password_hash');
    const id_user = (response.body as { id_user: number }).id_user;
    expect(response.headers.getSetCookie().at(-1)).toMatch(/entry_session=.+HttpOnly/i);
    expect((await browser.get('/ms_accounts/user')).body).toMatchObject({ id_user, base: 'parent' });

    const child = row('SELECT * FROM users WHERE username = ?', body.student.username);
    expect(child).toMatchObject({ base: 'student', baseYearGroup: 6, email: null });
    expect(String(child?.password_hash)).toMatch(/^\$argon2id\$/);
    expect(row('SELECT * FROM user_profiles WHERE id_user = ?', Number(child?.id_user))).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', country: 'GB' });
    expect(row('SELECT relation FROM student_links WHERE id_supervisor = ? AND id_student = ?', id_user, Number(child?.id_user))).toEqual({ relation: 'parent' });
    expect(row('SELECT * FROM subscriptions WHERE id_user = ?', id_user)).toMatchObject({
      plan_purpose: 'exam_preparation',
      status: 'trial',
      currency: 'gbp',
      payment_provider: null,
      payment_reference: null,
    });

    // Both can sign in: the parent with the email, the child with the username.
    expect((await server.browser().post('/ms_accounts/auth/login', { username: body.email, password: STRONG })).status).toBe(200);
    expect((await server.browser().post('/ms_accounts/auth/login', { username: body.student.username, password: STUDENT_PASSWORD })).status).toBe(200);
  });

  it('takes the country from the locale: en-us pays in usd and has no year 6 plus', async () => {
    const us = parent({ localeCode: 'en-us' }, { yearGroup: 3 });
    const response = await signUp(us);
    expect(response.status).toBe(201);
    expect(row('SELECT currency FROM subscriptions WHERE id_user = ?', (response.body as { id_user: number }).id_user)).toEqual({ currency: 'usd' });
    expect((await signUp(parent({ localeCode: 'en-us' }, { yearGroup: 100 }))).body).toEqual({
      message: 'Bad request: illegal arguments',
      field: 'student.yearGroup',
    });
    expect((await signUp(parent({}, { yearGroup: 100 }))).status).toBe(201);
  });

  it.each([
    ['no email', { email: '' }, 'Missing params', 'email'],
    ['a malformed email', { email: 'not-an-email' }, 'Bad request: illegal arguments', 'email'],
    ['no plan', { plan: undefined }, 'Missing params', 'plan'],
    ['an unknown plan purpose', { plan: { purpose: 'gcse' } }, 'Bad request: illegal arguments', 'plan.purpose'],
    ['an English plan for the US', { localeCode: 'en-us', plan: { purpose: 'sats' } }, 'Bad request: illegal arguments', 'plan.purpose'],
    ['an unknown locale', { localeCode: 'fr-fr' }, 'Bad request: illegal arguments', 'localeCode'],
    ['an unknown user type', { userType: 'admin' }, 'Bad request: illegal arguments', 'userType'],
    ['no child', { student: undefined }, 'Missing params', 'student'],
    ['no name of the parent', { firstName: '' }, 'Missing params', 'firstName'],
    ['a parent’s name with digits', { lastName: 'M0rgan' }, 'Bad request: illegal arguments', 'lastName'],
    ['no agreement to the terms', { termsVersion: undefined }, 'Missing params', 'termsVersion'],
    ['an agreement to terms since replaced', { termsVersion: '2020-01-01' }, 'The terms have changed since this page opened', 'termsVersion'],
  ])('refuses %s with a 400 naming the field', async (_case, overrides, message, field) => {
    expect((await signUp({ ...parent(), ...overrides })).body).toEqual({ message, field });
  });

  it.each([
    ['no first name', { firstName: ' ' }, 'Missing params', 'student.firstName'],
    ['a name with digits', { lastName: 'R2D2' }, 'Bad request: illegal arguments', 'student.lastName'],
    ['a year group not in the spec', { yearGroup: 13 }, 'Bad request: illegal arguments', 'student.yearGroup'],
    ['a year group as text', { yearGroup: '6' }, 'Bad request: illegal arguments', 'student.yearGroup'],
    ['an email as username', { username: 'kid@example.com' }, 'Bad request: illegal arguments', 'student.username'],
    ['a two-letter username', { username: 'ab' }, 'Bad request: illegal arguments', 'student.username'],
  ])('refuses a child with %s', async (_case, student, message, field) => {
    const response = await signUp(parent({}, student));
    expect(response).toMatchObject({ status: 400, body: { message, field } });
  });

  it('keeps the parent’s name and the terms they agreed to, with the time the server took the sign-up', async () => {
    const before = Date.now();
    const response = await signUp(parent({ firstName: 'Jane', lastName: 'Doe' }));
    const id_user = (response.body as { id_user: number; displayName: string }).id_user;
    expect(response.body).toMatchObject({ displayName: 'Jane Doe' });
    expect(row('SELECT first_name, last_name FROM user_profiles WHERE id_user = ?', id_user)).toEqual({ first_name: 'Jane', last_name: 'Doe' });
    const agreement = row('SELECT terms_version, agreed_at FROM terms_agreements WHERE id_user = ?', id_user);
    expect(agreement).toMatchObject({ terms_version: TERMS_VERSION });
    expect(Number(agreement?.agreed_at)).toBeGreaterThanOrEqual(before);
    expect(Number(agreement?.agreed_at)).toBeLessThanOrEqual(Date.now());
  });

  it('accepts names in any script and with apostrophes', async () => {
    expect((await signUp(parent({}, { firstName: 'Zoë', lastName: 'O’Brien-Núñez' }))).status).toBe(201);
  });
});

describe('passwords at sign-up', () => {
  it.each([
    ['the parent', { password: 'password1' }, {}, 'password'],
    ['the child', {}, { password: 'iloveyou' }, 'student.password'],
    ['a 7-character one', { password: 'x9!Kq#v' }, {}, 'password'],
  ])('refuses a weak password for %s: New password is weak', async (_case, overrides, student, field) => {
    const response = await signUp(parent(overrides, student));
    expect(response).toMatchObject({ status: 400, body: { message: 'New password is weak', field } });
  });

  it('allows 64 characters and more, with no composition rules', async () => {
    const long = 'the quick brown fox jumps over the lazy dog while seven owls watch';
    expect(long.length).toBeGreaterThanOrEqual(64);
    expect((await signUp(parent({ password: long }))).status).toBe(201);
  });

  it('refuses a password over 1 KiB before hashing anything', async () => {
    const hash = vi.spyOn(passwords, 'hashPassword');
    const response = await signUp(parent({ password: 'x'.repeat(1025) }));
    expect(response.body).toEqual({ message: 'Bad request: illegal arguments', field: 'password' });
    expect(hash).not.toHaveBeenCalled();
    hash.mockRestore();
  });
});

describe('uniqueness', () => {
  it('says the email is taken, in any case, and keeps nothing of the refused sign-up', async () => {
    const first = parent();
    expect((await signUp(first)).status).toBe(201);
    const again = parent({ email: first.email.toUpperCase() });
    const response = await signUp(again);
    expect(response).toMatchObject({ status: 409, body: { message: 'Your email address is already registered with us', field: 'email' } });
    expect(row('SELECT count(*) AS n FROM users WHERE username = ?', again.student.username)).toEqual({ n: 0 });
  });

  it('says Database error: Duplicate for a taken child username, and creates no parent', async () => {
    const body = parent({}, { username: 'KID-ONE' });
    const response = await signUp(body);
    expect(response).toMatchObject({ status: 409, body: { message: 'Database error: Duplicate', field: 'student.username' } });
    expect(row('SELECT count(*) AS n FROM users WHERE email = ?', body.email)).toEqual({ n: 0 });
  });

  it('lets exactly one of five concurrent sign-ups with one email through', async () => {
    const email = `race-${unique()}@example.com`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => signUp(parent({ email }))));
    expect(responses.map(({ status }) => status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(row('SELECT count(*) AS n FROM users WHERE email = ?', email)).toEqual({ n: 1 });
    // The losers' children were rolled back with them.
    expect(row("SELECT count(*) AS n FROM users u LEFT JOIN student_links l ON l.id_student = u.id_user WHERE u.base = 'student' AND l.id_student IS NULL AND u.username LIKE 'ada-%'")).toEqual({ n: 0 });
  });

  it('lets exactly one of five concurrent sign-ups for one child username through', async () => {
    const username = `racer-${unique()}`;
    const responses = await Promise.all(Array.from({ length: 5 }, () => signUp(parent({}, { username }))));
    expect(responses.map(({ status }) => status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(responses.filter(({ status }) => status === 409).map(({ body }) => body)).toEqual(
      Array(4).fill({ message: 'Database error: Duplicate', field: 'student.username' }),
    );
  });
});

describe('tutor sign-up', () => {
  it('creates a tutor with a name and the subjects they teach, signed in', async () => {
    const browser = server.browser();
    const body = tutor();
    const response = await signUp(body, browser);
    expect(response).toMatchObject({ status: 201, body: { base: 'tutor' } });
    const id_user = (response.body as { id_user: number }).id_user;
    expect((await browser.get('/ms_accounts/user')).body).toMatchObject({ id_user, base: 'tutor' });
    expect(server.db.prepare('SELECT subject FROM tutor_subjects WHERE id_user = ? ORDER BY subject').all(id_user)).toEqual([
      { subject: 'english' },
      { subject: 'maths' },
    ]);
    expect(row('SELECT first_name, last_name FROM user_profiles WHERE id_user = ?', id_user)).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('takes only the locale’s subjects, and at least one', async () => {
    expect((await signUp(tutor({ subjects: ['maths'], localeCode: 'en-us' }))).body).toEqual({ message: 'Bad request: illegal arguments', field: 'subjects' });
    expect((await signUp(tutor({ subjects: ['mathematics_achievement_us'], localeCode: 'en-us' }))).status).toBe(201);
    expect((await signUp(tutor({ subjects: [] }))).body).toEqual({ message: 'Missing params', field: 'subjects' });
    expect((await signUp(tutor({ firstName: '' }))).body).toEqual({ message: 'Missing params', field: 'firstName' });
  });
});

describe('usernames', () => {
  it('suggests only once both names are given', async () => {
    const browser = server.browser();
    expect((await browser.get('/ms_accounts/usernames/suggestions?firstName=Ada')).body).toEqual({ message: 'Missing params' });
    expect((await browser.get('/ms_accounts/usernames/suggestions?firstName=&lastName=Lovelace')).status).toBe(400);
  });

  it('suggests free usernames from the names, plainest first', async () => {
    await createUser(server.db, { username: 'kimlee', password: STUDENT_PASSWORD, base: 'student' });
    const { status, body } = await server.browser().get('/ms_accounts/usernames/suggestions?firstName=K%C3%ADm&lastName=Lee');
    expect(status).toBe(200);
    const suggestions = body as string[];
    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toBe('kim.lee');
    expect(suggestions).not.toContain('kimlee');
    for (const suggestion of suggestions) {
      expect((await server.browser().get(`/ms_accounts/usernames/${suggestion}`)).body).toEqual({ available: true });
    }
  });

  it('tells whether a username is free, without case', async () => {
    expect((await server.browser().get('/ms_accounts/usernames/Kid-One')).body).toEqual({ available: false });
    expect((await server.browser().get(`/ms_accounts/usernames/free-${unique()}`)).body).toEqual({ available: true });
  });

  it('answers the same for a registered and an unregistered email', async () => {
    const registered = await server.browser().get('/ms_accounts/usernames/parent%40example.com');
    await createUser(server.db, { username: 'someone', email: 'someone@example.com', password: STRONG, base: 'parent' });
    const known = await server.browser().get('/ms_accounts/usernames/someone%40example.com');
    expect(known.status).toBe(400);
    expect(known.body).toEqual(registered.body);
  });
});

describe('customers and student links', () => {
  it('creates a customer for the signed-in user only', async () => {
    const browser = server.browser();
    const id_user = ((await signUp(parent(), browser)).body as { id_user: number }).id_user;
    expect((await server.browser().post(`/ms_accounts/users/${id_user}/customer`, { email: 'billing@example.com' })).status).toBe(401);
    expect((await browser.post(`/ms_accounts/users/${id_user + 1000}/customer`, { email: 'billing@example.com' })).body).toEqual({
      message: "You don't have permission to do that",
      id_user,
    });
    expect((await browser.post(`/ms_accounts/users/${id_user}/customer`, { email: '' })).body).toMatchObject({ message: 'Missing params' });
    expect(await browser.post(`/ms_accounts/users/${id_user}/customer`, { email: 'billing@example.com' })).toMatchObject({
      status: 201,
      body: { id_user, email: 'billing@example.com' },
    });
    expect(row('SELECT email FROM customers WHERE id_user = ?', id_user)).toEqual({ email: 'billing@example.com' });
  });

  it('links an existing student to a signed-in tutor by the student’s credentials', async () => {
    const browser = server.browser();
    const id_tutor = ((await signUp(tutor(), browser)).body as { id_user: number }).id_user;
    const unknown = await browser.post('/ms_accounts/students/link', { credentials: { username: 'nobody-here', password: STUDENT_PASSWORD } });
    const wrong = await browser.post('/ms_accounts/students/link', { credentials: { username: 'kid-one', password: 'not the password' } });
    expect(unknown.body).toEqual({ message: 'Username and password do not match' });
    expect(wrong).toMatchObject({ status: unknown.status, body: unknown.body });
    expect((await browser.post('/ms_accounts/students/link', { credentials: { username: 'kid-one' } })).body).toEqual({ message: 'Missing params' });
    const linked = await browser.post('/ms_accounts/students/link', { credentials: { username: 'kid-one', password: STUDENT_PASSWORD } });
    expect(linked.status).toBe(201);
    expect(row('SELECT relation FROM student_links WHERE id_supervisor = ? AND id_student = ?', id_tutor, Number((linked.body as { id_student: number }).id_student))).toEqual({
      relation: 'tutor',
    });
  });

  it('merges a parent’s child into another student account proven by its credentials', async () => {
    const browser = server.browser();
    const body = parent();
    const id_parent = ((await signUp(body, browser)).body as { id_user: number }).id_user;
    const source = Number(row('SELECT id_user FROM users WHERE username = ?', body.student.username)?.id_user);
    const target = Number(row("SELECT id_user FROM users WHERE username = 'kid-two'")?.id_user);
    const pair = (id_student: number, password: string) =>
      browser.post(`/ms_accounts/students/${source}/pair`, { id_student, credentials: { username: 'kid-two', password } });
    expect((await pair(target, 'wrong password here')).body).toEqual({ message: 'Username and password do not match' });
    expect((await pair(target + 1000, STUDENT_PASSWORD)).body).toEqual({ message: 'Username and password do not match' });
    expect((await pair(target, STUDENT_PASSWORD)).status).toBe(204);
    expect(row('SELECT count(*) AS n FROM users WHERE id_user = ?', source)).toEqual({ n: 0 });
    expect(row('SELECT relation FROM student_links WHERE id_supervisor = ? AND id_student = ?', id_parent, target)).toEqual({ relation: 'parent' });
    expect(row('SELECT id_student FROM student_merges WHERE id_student_source = ?', source)).toEqual({ id_student: target });
    // Someone else's child cannot be merged.
    const stranger = server.browser();
    await signUp(parent(), stranger);
    expect((await stranger.post(`/ms_accounts/students/${target}/pair`, { id_student: source, credentials: { username: 'kid-two', password: STUDENT_PASSWORD } })).status).toBe(403);
  });
});

describe('tutor invitations', () => {
  const signedInTutor = async () => {
    const browser = server.browser();
    const body = tutor({ firstName: 'Mary', lastName: 'Somerville' });
    const id_tutor = ((await signUp(body, browser)).body as { id_user: number }).id_user;
    const { token } = (await browser.post('/ms_accounts/tutor-invites')).body as { token: string };
    return { browser, id_tutor, token };
  };

  it('shows the invitation by its token, and only a live one', async () => {
    const { token } = await signedInTutor();
    const shown = await server.browser().get(`/ms_email/tutor-invite/${token}`);
    expect(shown).toMatchObject({ status: 200, body: { token, tutorName: 'Mary Somerville' } });
    expect((await server.browser().get('/ms_email/tutor-invite/not-a-real-token')).body).toEqual({ message: 'Resource not found' });
    expect((await server.browser().get('/ms_email/tutor-invite/')).body).toEqual({ message: 'Missing required token' });
    const id_tutor = Number(row("SELECT id_user FROM users WHERE base = 'tutor' LIMIT 1")?.id_user);
    const old = issueTutorInvite(server.db, id_tutor, Date.now() - 15 * 24 * 60 * 60 * 1000);
    expect((await server.browser().get(`/ms_email/tutor-invite/${old.token}`)).status).toBe(404);
    // Only the hash is stored.
    expect(row('SELECT count(*) AS n FROM tutor_invites WHERE token_hash = ?', token)).toEqual({ n: 0 });
  });

  it('only a tutor makes invitations', async () => {
    expect((await server.browser().post('/ms_accounts/tutor-invites')).status).toBe(401);
    const browser = server.browser();
    await signUp(parent(), browser);
    expect((await browser.post('/ms_accounts/tutor-invites')).status).toBe(403);
  });

  it('links the signed-in student who accepts, and no one else', async () => {
    const { id_tutor, token } = await signedInTutor();
    const student = server.browser();
    const login = await student.post('/ms_accounts/auth/login', { username: 'kid-one', password: STUDENT_PASSWORD });
    const id_student = (login.body as { id_user: number }).id_user;
    expect((await server.browser().post(`/ms_accounts/tutor-invites/${token}/students/${id_student}`)).status).toBe(401);
    const other = Number(row("SELECT id_user FROM users WHERE username = 'kid-two'")?.id_user);
    expect((await student.post(`/ms_accounts/tutor-invites/${token}/students/${other}`)).body).toEqual({
      message: "You don't have permission to do that",
      id_user: id_student,
    });
    expect((await student.post(`/ms_accounts/tutor-invites/nope-nope-nope/students/${id_student}`)).status).toBe(404);
    expect((await student.post(`/ms_accounts/tutor-invites/${token}/students/${id_student}`)).status).toBe(204);
    // Accepting twice is harmless.
    expect((await student.post(`/ms_accounts/tutor-invites/${token}/students/${id_student}`)).status).toBe(204);
    expect(row('SELECT relation FROM student_links WHERE id_supervisor = ? AND id_student = ?', id_tutor, id_student)).toEqual({ relation: 'tutor' });
  });

  it('accepts with a student’s own credentials: links and signs in the student in one step', async () => {
    const { id_tutor, token } = await signedInTutor();
    const visitor = server.browser();
    const accepted = await visitor.post(`/ms_accounts/tutor-invites/${token}/accept`, { credentials: { username: 'kid-two', password: STUDENT_PASSWORD } });
    expect(accepted).toMatchObject({ status: 200, body: { base: 'student' } });
    const id_student = (accepted.body as { id_user: number }).id_user;
    expect(row('SELECT relation FROM student_links WHERE id_supervisor = ? AND id_student = ?', id_tutor, id_student)).toEqual({ relation: 'tutor' });
    expect((await visitor.get('/ms_accounts/user')).body).toMatchObject({ id_user: id_student });
  });

  it('refuses an account that is not a student and leaves the visitor exactly who they were', async () => {
    const { token } = await signedInTutor();
    const visitor = server.browser();
    const family = parent();
    const id_parent = ((await signUp(family, visitor)).body as { id_user: number }).id_user;
    const before = visitor.cookie();
    const links = row('SELECT count(*) AS n FROM student_links');
    // The parent's own credentials: a real account, but not a student's.
    const refused = await visitor.post(`/ms_accounts/tutor-invites/${token}/accept`, { credentials: { username: family.email, password: STRONG } });
    expect(refused).toMatchObject({ status: 403, body: { message: 'Only a student account can accept a tutor’s invitation' } });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(visitor.cookie()).toBe(before);
    expect((await visitor.get('/ms_accounts/user')).body).toMatchObject({ id_user: id_parent, base: 'parent' });
    expect(row('SELECT count(*) AS n FROM student_links')).toEqual(links);
    // Wrong credentials, and an unknown invitation, change nothing either.
    expect((await visitor.post(`/ms_accounts/tutor-invites/${token}/accept`, { credentials: { username: 'kid-one', password: 'not it at all' } })).status).toBe(400);
    expect((await visitor.post('/ms_accounts/tutor-invites/no-such-invite/accept', { credentials: { username: 'kid-one', password: STUDENT_PASSWORD } })).status).toBe(404);
    expect((await visitor.get('/ms_accounts/user')).body).toMatchObject({ id_user: id_parent });
  });

  it('signs up a family with the invitation as code: the child is the tutor’s student at once', async () => {
    const { id_tutor, token } = await signedInTutor();
    const body = parent();
    const response = await server.browser().post('/ms_accounts/users/public/with-code', { ...body, access_code: token });
    expect(response.status).toBe(201);
    const child = Number(row('SELECT id_user FROM users WHERE username = ?', body.student.username)?.id_user);
    expect(row('SELECT relation FROM student_links WHERE id_supervisor = ? AND id_student = ?', id_tutor, child)).toEqual({ relation: 'tutor' });
    expect((await server.browser().post('/ms_accounts/users/public/with-code', { ...parent(), access_code: 'not-a-real-token' })).body).toEqual({
      message: 'This access code is not valid or has expired',
      field: 'access_code',
    });
    expect((await server.browser().post('/ms_accounts/users/public/with-code', parent())).body).toEqual({ message: 'Missing params', field: 'access_code' });
    expect((await server.browser().post('/ms_accounts/users/public/with-code', { ...tutor(), access_code: token })).status).toBe(400);
  });

  it('seeds a demo invitation from the demo tutor', async () => {
    expect(seedDemoInvite(server.db)).toBeNull();
    await createUser(server.db, { username: 'demo-tutor', email: 'tutor@example.com', password: STRONG, base: 'tutor' });
    const token = seedDemoInvite(server.db);
    expect(seedDemoInvite(server.db)).toBe(token);
    expect((await server.browser().get(`/ms_email/tutor-invite/${token}`)).body).toMatchObject({ tutorName: 'Demo Tutor' });
  });

  it('never prints an invitation token', async () => {
    const { token } = await signedInTutor();
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void lines.push(args.join(' ')));
    await server.browser().get(`/ms_email/tutor-invite/${token}`);
    await server.browser().post(`/ms_accounts/tutor-invites/${token}/students/1`);
    log.mockRestore();
    expect(lines.join('\n')).not.toContain(token);
  });
});

describe('rate limits per address', () => {
  it('answers 429 past the sign-up limit, with Retry-After', async () => {
    const limited = await startLimitedServer({ signUps: 2 });
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) statuses.push((await limited.browser().post('/ms_accounts/users/public', { ...tutor(), password: 'weak' })).status);
    expect(statuses).toEqual([400, 400, 429]);
    const refused = await limited.browser().post('/ms_accounts/users/public', tutor());
    expect(refused).toMatchObject({ status: 429, body: { message: 'Too many attempts. Please wait a few minutes and try again.' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await limited.close();
  });

  it('answers 429 past the look-up limit, for suggestions, username checks and invitations alike', async () => {
    const limited = await startLimitedServer({ lookups: 3 });
    const browser = limited.browser();
    expect((await browser.get('/ms_accounts/usernames/suggestions?firstName=Ada&lastName=Lovelace')).status).toBe(200);
    expect((await browser.get('/ms_accounts/usernames/adalovelace')).status).toBe(200);
    expect((await browser.get('/ms_email/tutor-invite/whatever-token')).status).toBe(404);
    expect((await browser.get('/ms_accounts/usernames/suggestions?firstName=Ada&lastName=Lovelace')).status).toBe(429);
    expect((await browser.get('/ms_accounts/usernames/adalovelace')).status).toBe(429);
    expect((await browser.get('/ms_email/tutor-invite/whatever-token')).status).toBe(429);
    await limited.close();
  });

  it('forgets attempts once the window has passed', async () => {
    const limited = await startLimitedServer({ lookups: 1, windowMs: 200 });
    expect((await limited.browser().get('/ms_accounts/usernames/adalovelace')).status).toBe(200);
    expect((await limited.browser().get('/ms_accounts/usernames/adalovelace')).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await limited.browser().get('/ms_accounts/usernames/adalovelace')).status).toBe(200);
    await limited.close();
  });
});
