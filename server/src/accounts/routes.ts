import { Hono, type Context } from 'hono';
import type { Database } from '../db/database.ts';
import { perAddressLimit } from '../http/per-address-limit.ts';
import { BAD_REQUEST, clientAddress, FORBIDDEN, readJsonObject } from '../http/request-guards.ts';
import type { Captcha } from './captcha.ts';
import { refused, text, type CredentialCheck, type Refusal } from './credentials.ts';
import type { GoogleSignIn } from './google.ts';
import { MESSAGES } from './messages.ts';
import { consumeCode, endResetLinks, peekCode } from './one-time-codes.ts';
import { passwordRefusal } from './password-policy.ts';
import { isPasswordTooLong } from './passwords.ts';
import { DEFAULT_SITE_NAME } from '../http/site-name.ts';
import { queueResetMail, RESET_REQUESTS_PER_ADDRESS } from './reset-mail.ts';
import { endAllSessions, endSession, readSession, sessionUserId, startSession } from './sessions.ts';
import type { Throttle } from './throttle.ts';
import { findUserByEmail, findUserById, setPassword, toPublicUser, type UserRow } from './users.ts';

/** Who a visitor without a session is (SPEC section 3: base defaults to 'public'; no id_user). */
const PUBLIC_USER = { base: 'public' } as const;

export type AccountOptions = {
  db: Database;
  throttle: Throttle;
  captcha: Captcha;
  credentials: CredentialCheck;
  google: GoogleSignIn;
  /** The brand's name, which the mails are sent in (the atom brand's without one). */
  siteName?: string;
};

export const accountRoutes = ({ db, throttle, captcha, credentials, google, siteName = DEFAULT_SITE_NAME }: AccountOptions) => {
  const routes = new Hono();
  const { checkCredentials, captchaRefusal } = credentials;
  const fail = (c: Context, status: 400 | 401 | 403 | 404 | 429 | 503, message: string) => c.json({ message }, status);

  const signIn = (c: Context, user: UserRow, report: string | null = null) => {
    startSession(c, db, user.id_user, { report });
    return c.json(toPublicUser(user));
  };

  routes.post('/auth/login', async (c) => {
    // A blocked address is answered before its body is even read: hammering costs next to nothing.
    if (throttle.isAddressBlocked(clientAddress(c))) return fail(c, 429, MESSAGES.tooMany);
    const checked = await checkCredentials(c, await readJsonObject(c));
    return 'user' in checked ? signIn(c, checked.user) : fail(c, checked.status, checked.message);
  });

  routes.post('/auth/switch-account', async (c) => {
    if (sessionUserId(c, db) === null) return fail(c, 401, MESSAGES.authRequired);
    const checked = await checkCredentials(c, await readJsonObject(c));
    return 'user' in checked ? signIn(c, checked.user) : fail(c, checked.status, checked.message);
  });

  routes.post('/auth/verify-credentials', async (c) => {
    const checked = await checkCredentials(c, await readJsonObject(c));
    if ('user' in checked) return c.json({ valid: true });
    return checked.message === MESSAGES.noMatch ? c.json({ valid: false }) : fail(c, checked.status, checked.message);
  });

  routes.post('/auth/login_with_code', async (c) => {
    const body = await readJsonObject(c);
    const code = text(body?.access_code);
    const id_school_customer = body?.id_school_customer;
    if (!code || typeof id_school_customer !== 'number') return fail(c, 400, MESSAGES.missing);
    const address = clientAddress(c);
    // Codes are guessed, not remembered: their captcha follows the address, not an identifier.
    const identifier = `access-code@${address}`;
    if (throttle.isAddressBlocked(address)) return fail(c, 429, MESSAGES.tooMany);
    if (throttle.requiresCaptcha(identifier)) {
      const refusal = await captchaRefusal(c, body, identifier);
      if (refusal) return fail(c, refusal.status, refusal.message);
    }
    const found = peekCode(db, 'access', code.trim().toUpperCase());
    const used = found?.id_school_customer === id_school_customer ? consumeCode(db, 'access', code.trim().toUpperCase()) : null;
    const user = used ? findUserById(db, used.id_user) : null;
    if (!user) {
      throttle.recordFailure(identifier, address);
      return fail(c, 400, MESSAGES.badCode);
    }
    throttle.recordSuccess(identifier);
    return signIn(c, user, used?.report ?? null);
  });

  /** Which school an access code belongs to, so a magic link can sign in with the code alone. */
  routes.get('/supervisors/public/access_code/:accessCode', (c) => {
    if (throttle.isAddressBlocked(clientAddress(c))) return fail(c, 429, MESSAGES.tooMany);
    const found = peekCode(db, 'access', c.req.param('accessCode').trim().toUpperCase());
    if (!found) {
      throttle.recordFailure(`access-code@${clientAddress(c)}`, clientAddress(c));
      return fail(c, 404, MESSAGES.notFound);
    }
    return c.json({ id_school_customer: found.id_school_customer });
  });

  const googleSignIn = async (c: Context, needsSession: boolean) => {
    if (needsSession && sessionUserId(c, db) === null) return fail(c, 401, MESSAGES.authRequired);
    const body = await readJsonObject(c);
    const code = text(body?.code);
    if (!code) return fail(c, 400, MESSAGES.missing);
    const result = await google.emailFromCode(code);
    if (result.kind === 'unavailable') return c.json({ message: result.message }, 503);
    if (result.kind === 'refused') return fail(c, 400, result.message);
    const user = findUserByEmail(db, result.email);
    if (!user) return fail(c, 400, 'You need to signup first');
    return signIn(c, user);
  };
  routes.post('/auth/login_with_google', (c) => googleSignIn(c, false));
  routes.post('/auth/switch-account-with-google', (c) => googleSignIn(c, true));

  routes.post('/auth/logout', (c) => {
    endSession(c, db);
    return c.body(null, 204);
  });

  routes.post('/auth/refresh', (c) => {
    const id_user = sessionUserId(c, db);
    const user = id_user === null ? null : findUserById(db, id_user);
    return user ? c.json(toPublicUser(user)) : fail(c, 401, MESSAGES.authRequired);
  });

  /**
   * SPEC section 7's GET /auth/require-captcha: whether the next try from this address needs the
   * captcha (an identifier or access codes tried from here reached the limit); the answer reveals no
   * account. A try at an identifier that others made fail is refused for want of the captcha, which
   * the forms then show.
   */
  routes.get('/auth/require-captcha', (c) => {
    const address = clientAddress(c);
    const requireCaptcha =
      throttle.requiresCaptchaFrom(address) || throttle.requiresCaptcha(`access-code@${address}`) || throttle.isAddressBlocked(address);
    return c.json({ requireCaptcha });
  });

  /** A fresh ALTCHA challenge, each good for one login (the widget fetches it itself). */
  routes.get('/auth/captcha', async (c) => {
    if (!captcha.issue) return fail(c, 404, MESSAGES.notFound);
    c.header('Cache-Control', 'no-store');
    return c.json(await captcha.issue());
  });

  routes.post(
    '/auth/reset-token',
    perAddressLimit(RESET_REQUESTS_PER_ADDRESS),
    async (c) => {
      const body = await readJsonObject(c);
      const email = text(body?.email);
      if (!email) return fail(c, 400, MESSAGES.missing);
      if (email.length > 320) return fail(c, 400, BAD_REQUEST);
      // The same answer, after the same work, either way: this form must not tell who has an account.
      queueResetMail(db, email, { publicOrigin: c.get('site').publicOrigin, siteName });
      return c.json({ message: MESSAGES.resetSent }, 202);
    },
  );

  routes.get('/auth/reset-token/:token', (c) => {
    const found = peekCode(db, 'reset', c.req.param('token'));
    const user = found ? findUserById(db, found.id_user) : null;
    if (!found || !user) return fail(c, 404, MESSAGES.notFound);
    // Whoever holds the link may reset this account already: naming it lets the login after the reset start filled in.
    return c.json({ valid: true, staff: user.staff === 1, expires_at: new Date(found.expires_at).toISOString(), username: user.email ?? user.username });
  });

  /** The one password policy (password-policy.ts) for a reset and a change, as for a sign-up. */
  const policyRefusal = (password: string, user: UserRow): Refusal | null => {
    const refusal = passwordRefusal(password, [user.username, ...(user.email ? [user.email] : [])]);
    if (refusal === 'too-long') return refused(400, BAD_REQUEST);
    return refusal ? refused(400, MESSAGES.weak) : null;
  };

  routes.post('/auth/password', async (c) => {
    const body = await readJsonObject(c);
    const password = text(body?.password);
    if (!password) return fail(c, 400, MESSAGES.missing);
    if (isPasswordTooLong(password)) return fail(c, 400, BAD_REQUEST);
    const token = text(body?.token);
    if (token) {
      const found = peekCode(db, 'reset', token);
      const owner = found ? findUserById(db, found.id_user) : null;
      if (!owner) return fail(c, 400, MESSAGES.badLink);
      // Judged before the link is used up: a refused password leaves the link working.
      const weak = policyRefusal(password, owner);
      if (weak) return fail(c, weak.status, weak.message);
      const used = consumeCode(db, 'reset', token);
      if (!used) return fail(c, 400, MESSAGES.badLink);
      await setPassword(db, used.id_user, password);
      endResetLinks(db, used.id_user);
      endAllSessions(db, used.id_user);
      return c.body(null, 204);
    }
    const id_user = sessionUserId(c, db);
    const user = id_user === null ? null : findUserById(db, id_user);
    if (!user) return fail(c, 401, MESSAGES.authRequired);
    const weak = policyRefusal(password, user);
    if (weak) return fail(c, weak.status, weak.message);
    const current = await checkCredentials(c, { username: user.username, password: body?.currentPassword, captcha: body?.captcha });
    if (!('user' in current) || current.user.id_user !== user.id_user) {
      return 'user' in current ? fail(c, 400, MESSAGES.noMatch) : fail(c, current.status, current.message);
    }
    await setPassword(db, user.id_user, password);
    endAllSessions(db, user.id_user);
    startSession(c, db, user.id_user);
    return c.body(null, 204);
  });

  /**
   * The current user (SPEC section 3): a visitor without a session is the public user, who has no
   * id_user; a session cookie that no longer opens a session is a 401, which logs the page out.
   */
  routes.get('/user', (c) => {
    c.header('Cache-Control', 'no-store');
    const session = readSession(c, db);
    if (session.state === 'none') return c.json(PUBLIC_USER);
    const user = session.state === 'active' ? findUserById(db, session.id_user) : null;
    return user ? c.json(toPublicUser(user)) : fail(c, 401, MESSAGES.authRequired);
  });

  routes.get('/users/:id_user', (c) => {
    const id_user = sessionUserId(c, db);
    if (id_user === null) return fail(c, 401, MESSAGES.authRequired);
    // A user reads only themself here; the answer names who the server thinks is asking.
    if (Number(c.req.param('id_user')) !== id_user) return c.json({ message: FORBIDDEN, id_user }, 403);
    const user = findUserById(db, id_user);
    return user ? c.json(toPublicUser(user)) : fail(c, 404, MESSAGES.notFound);
  });

  return routes;
};
