import { Hono, type Context } from 'hono';
import type { CredentialCheck } from '../accounts/credentials.ts';
import { isPasswordTooLong } from '../accounts/passwords.ts';
import { sessionUserId, startSession } from '../accounts/sessions.ts';
import { findUserById, toPublicUser, type UserRow } from '../accounts/users.ts';
import type { Database } from '../db/database.ts';
import { BAD_REQUEST, FORBIDDEN, readJsonObject } from '../http/request-guards.ts';
import { createAttemptLimits, DEFAULT_REGISTRATION_LIMITS, type RegistrationLimits } from './attempt-limits.ts';
import { MESSAGES, readAccessCode, readSignUp, type SignUp } from './sign-up-request.ts';
import { signUp } from './sign-up.ts';
import { isLinked, linkStudent, mergeStudents, readCredentials, verifyStudent } from './student-links.ts';
import { findTutorInvite, issueTutorInvite } from './tutor-invites.ts';
import { isUsernameTaken, isValidUsername, normaliseUsername, suggestUsernames } from './usernames.ts';

export { emailRoutes } from './tutor-invites.ts';
export { seedDemoInvite, DEMO_TUTOR_INVITE_TOKEN } from './seed.ts';
export type { RegistrationLimits } from './attempt-limits.ts';

export type RegistrationOptions = { db: Database; credentials: CredentialCheck; limits?: Partial<RegistrationLimits> };

const NO_MATCH = 'Username and password do not match';
const AUTH_REQUIRED = 'Authentication required';
const NOT_FOUND = 'Resource not found';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_NAME_LENGTH = 50;

const positiveId = (value: unknown): number | null => {
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/**
 * The account service's registration calls (mounted at /ms_accounts): sign-up, usernames,
 * customers, student links and merges, tutor invitations. Sign-ups and look-ups are rate-limited
 * per address (`limits`, DEFAULT_REGISTRATION_LIMITS otherwise).
 */
export const registrationRoutes = ({ db, credentials, limits }: RegistrationOptions) => {
  const routes = new Hono();
  const { limit } = createAttemptLimits(db, { ...DEFAULT_REGISTRATION_LIMITS, ...limits });
  const fail = (c: Context, status: 400 | 401 | 404 | 409, message: string, field?: string) =>
    c.json(field ? { message, field } : { message }, status);
  /** A 403 names who the server thinks is asking (SPEC section 6: the client logs out if that changed). */
  const forbidden = (c: Context, user: UserRow) => c.json({ message: FORBIDDEN, id_user: user.id_user }, 403);
  const sessionUser = (c: Context): UserRow | null => {
    const id_user = sessionUserId(c, db);
    return id_user === null ? null : findUserById(db, id_user);
  };

  const register = async (c: Context, request: SignUp, tutorId?: number) => {
    const result = await signUp(db, request, { tutorId });
    if ('conflict' in result) {
      return result.conflict === 'email'
        ? fail(c, 409, MESSAGES.emailTaken, 'email')
        : fail(c, 409, MESSAGES.duplicate, 'student.username');
    }
    // Signed in at once, as after a login: the session user, with the name just given, is the answer.
    startSession(c, db, result.user.id_user);
    return c.json(toPublicUser(findUserById(db, result.user.id_user) ?? result.user), 201);
  };

  routes.post('/users/public', limit('signUps'), async (c) => {
    const request = readSignUp(await readJsonObject(c));
    if ('refused' in request) return fail(c, 400, request.refused.message, request.refused.field);
    return register(c, request);
  });

  /** Sign-up with a tutor's invitation token as the code: the new child is linked to that tutor. */
  routes.post('/users/public/with-code', limit('signUps'), async (c) => {
    const body = await readJsonObject(c);
    const code = readAccessCode(body);
    if (typeof code !== 'string') return fail(c, 400, code.refused.message, code.refused.field);
    const request = readSignUp(body);
    if ('refused' in request) return fail(c, 400, request.refused.message, request.refused.field);
    if (request.userType !== 'parent') return fail(c, 400, BAD_REQUEST, 'userType');
    const invite = findTutorInvite(db, code);
    if (!invite) return fail(c, 400, MESSAGES.badCode, 'access_code');
    return register(c, request, invite.id_tutor);
  });

  routes.get('/usernames/suggestions', limit('lookups'), (c) => {
    const firstName = c.req.query('firstName')?.trim();
    const lastName = c.req.query('lastName')?.trim();
    if (!firstName || !lastName) return fail(c, 400, MESSAGES.missing);
    if (firstName.length > MAX_NAME_LENGTH || lastName.length > MAX_NAME_LENGTH) return fail(c, 400, BAD_REQUEST);
    c.header('Cache-Control', 'no-store');
    return c.json(suggestUsernames(db, firstName, lastName));
  });

  /** Whether a student username is free. Anything that is not a username (an email, say) gets the same 400. */
  routes.get('/usernames/:username', limit('lookups'), (c) => {
    const username = normaliseUsername(c.req.param('username'));
    if (!isValidUsername(username)) return fail(c, 400, BAD_REQUEST, 'username');
    c.header('Cache-Control', 'no-store');
    return c.json({ available: !isUsernameTaken(db, username) });
  });

  routes.post('/users/:id_user/customer', async (c) => {
    const user = sessionUser(c);
    if (!user) return fail(c, 401, AUTH_REQUIRED);
    const id_user = positiveId(c.req.param('id_user'));
    if (id_user === null) return fail(c, 400, MESSAGES.missing);
    if (id_user !== user.id_user) return forbidden(c, user);
    const email = (await readJsonObject(c))?.email;
    if (typeof email !== 'string' || !email.trim()) return fail(c, 400, MESSAGES.missing, 'email');
    if (!EMAIL.test(email.trim()) || email.length > 254) return fail(c, 400, BAD_REQUEST, 'email');
    db.prepare(
      'INSERT INTO customers (id_user, email, created_at) VALUES (?, ?, ?) ON CONFLICT (id_user) DO UPDATE SET email = excluded.email',
    ).run(id_user, email.trim(), Date.now());
    return c.json({ id_user, email: email.trim() }, 201);
  });

  /** A signed-in parent or tutor adds an existing student by the student's own credentials. */
  routes.post('/students/link', limit('signUps'), async (c) => {
    const user = sessionUser(c);
    if (!user) return fail(c, 401, AUTH_REQUIRED);
    if (user.base !== 'parent' && user.base !== 'tutor') return forbidden(c, user);
    const credentials = readCredentials((await readJsonObject(c))?.credentials);
    if (!credentials) return fail(c, 400, MESSAGES.missing);
    if (isPasswordTooLong(credentials.password)) return fail(c, 400, BAD_REQUEST);
    const student = await verifyStudent(db, credentials);
    if (!student) return fail(c, 400, NO_MATCH);
    linkStudent(db, user.id_user, student.id_user, user.base);
    return c.json({ id_student: student.id_user }, 201);
  });

  /** Merge: the parent of the source student proves the target account with its credentials. */
  routes.post('/students/:id_student/pair', limit('signUps'), async (c) => {
    const user = sessionUser(c);
    if (!user) return fail(c, 401, AUTH_REQUIRED);
    const body = await readJsonObject(c);
    const source = positiveId(c.req.param('id_student'));
    const target = positiveId(body?.id_student);
    const credentials = readCredentials(body?.credentials);
    if (source === null || target === null || !credentials) return fail(c, 400, MESSAGES.missing);
    if (source === target || isPasswordTooLong(credentials.password)) return fail(c, 400, BAD_REQUEST);
    if (user.base !== 'parent' || !isLinked(db, user.id_user, source, 'parent')) return forbidden(c, user);
    const student = await verifyStudent(db, credentials);
    if (student?.id_user !== target) return fail(c, 400, NO_MATCH);
    mergeStudents(db, source, target);
    return c.body(null, 204);
  });

  /** A signed-in tutor makes an invitation link to send to students. */
  routes.post('/tutor-invites', (c) => {
    const user = sessionUser(c);
    if (!user) return fail(c, 401, AUTH_REQUIRED);
    if (user.base !== 'tutor') return forbidden(c, user);
    const { token, expires_at } = issueTutorInvite(db, user.id_user);
    return c.json({ token, expires_at: new Date(expires_at).toISOString() }, 201);
  });

  /** The student (or their parent) accepts a tutor's invitation. */
  routes.post('/tutor-invites/:token/students/:studentId', limit('lookups'), (c) => {
    const user = sessionUser(c);
    if (!user) return fail(c, 401, AUTH_REQUIRED);
    const studentId = positiveId(c.req.param('studentId'));
    if (studentId === null) return fail(c, 400, MESSAGES.missing);
    const invite = findTutorInvite(db, c.req.param('token'));
    if (!invite) return fail(c, 404, NOT_FOUND);
    const mayAccept = user.id_user === studentId ? user.base === 'student' : isLinked(db, user.id_user, studentId, 'parent');
    if (!mayAccept) return forbidden(c, user);
    linkStudent(db, invite.id_tutor, studentId, 'tutor');
    return c.body(null, 204);
  });

  /**
   * A student accepts an invitation with their own credentials, checked as a login is (throttle,
   * captcha). Only when the account is a student is it linked and signed in; any refusal leaves the
   * visitor's session exactly as it was.
   */
  routes.post('/tutor-invites/:token/accept', limit('lookups'), async (c) => {
    const invite = findTutorInvite(db, c.req.param('token'));
    if (!invite) return fail(c, 404, NOT_FOUND);
    const body = await readJsonObject(c);
    const given = readCredentials(body?.credentials);
    if (!given) return fail(c, 400, MESSAGES.missing);
    const checked = await credentials.checkCredentials(c, { ...given, captcha: body?.captcha });
    if (!('user' in checked)) return c.json({ message: checked.message }, checked.status);
    if (checked.user.base !== 'student') return c.json({ message: MESSAGES.studentsOnly }, 403);
    linkStudent(db, invite.id_tutor, checked.user.id_user, 'tutor');
    startSession(c, db, checked.user.id_user);
    return c.json(toPublicUser(checked.user));
  });

  return routes;
};
