import { toSessionUser, type RawSessionUser, type SessionUser } from '@entry/auth';
import { http } from '../http-client.ts';
import { SERVICES } from '../services.ts';
import { MISSING_TOKEN_MESSAGE } from '@entry/constants';
import { requireParams } from './require.ts';

const auth = `${SERVICES.accounts}/auth`;

export type LogInPayload = {
  username: string;
  password: string;
  isImpersonation?: boolean;
  /** Sent only with analytics consent. */
  hubspotUserToken?: string | null;
  /** Sent only when the captcha check requires it. */
  captcha?: string;
};

/** POST /auth/login: username (or email) and password; 'Missing params' when either is empty. */
export const logIn = async ({ isImpersonation = false, ...payload }: LogInPayload): Promise<SessionUser> => {
  requireParams({ username: payload.username, password: payload.password });
  return toSessionUser(await http.post(`${auth}/login`, { json: { ...payload, isImpersonation } }).json<RawSessionUser>());
};

export type CodeLogInPayload = { access_code: string; id_school_customer: number; captcha?: string };

/** POST /auth/login_with_code: an access code for one school customer. */
export const logInWithCode = async (payload: CodeLogInPayload): Promise<SessionUser> => {
  requireParams({ access_code: payload.access_code, id_school_customer: payload.id_school_customer });
  return toSessionUser(await http.post(`${auth}/login_with_code`, { json: payload }).json<RawSessionUser>());
};

export type GoogleLogInPayload = {
  /** The provider's authorization-code response. */
  code: string;
  scope?: string;
  localeCode?: string;
  userType?: string;
  hubspotUserToken: string | null;
};

/** POST /auth/login_with_google: the authorization code from Google's code flow. */
export const logInWithGoogle = async (payload: GoogleLogInPayload): Promise<SessionUser> => {
  requireParams({ code: payload.code });
  return toSessionUser(await http.post(`${auth}/login_with_google`, { json: payload }).json<RawSessionUser>());
};

/** POST /auth/switch-account: into another of the visitor's accounts. */
export const switchAccount = async (payload: { username: string; password: string }): Promise<SessionUser> => {
  requireParams(payload);
  return toSessionUser(await http.post(`${auth}/switch-account`, { json: payload }).json<RawSessionUser>());
};

export const switchAccountWithGoogle = async (payload: GoogleLogInPayload): Promise<SessionUser> => {
  requireParams({ code: payload.code });
  return toSessionUser(await http.post(`${auth}/switch-account-with-google`, { json: payload }).json<RawSessionUser>());
};

/** POST /auth/refresh: renews the session and answers the current user. */
export const refreshSession = async (): Promise<SessionUser> =>
  toSessionUser(await http.post(`${auth}/refresh`, { json: { refreshData: true } }).json<RawSessionUser>());

/** POST /auth/password: a signed-in user changes their password (payload fields: SPEC "not shown"). */
export const changePassword = async (payload: { currentPassword: string; password: string }): Promise<void> => {
  requireParams(payload);
  await http.post(`${auth}/password`, { json: payload });
};

/** POST /auth/password with a reset token instead of a session: the end of a forgotten-password journey. */
export const resetPassword = async (payload: { token: string; password: string; magic_access_code?: string }): Promise<void> => {
  requireParams({ token: payload.token }, MISSING_TOKEN_MESSAGE);
  requireParams({ password: payload.password });
  await http.post(`${auth}/password`, { json: payload });
};

/** POST /auth/reset-token: ask for a reset link. The answer is the same whether or not the account exists. */
export const requestPasswordReset = async (payload: { email: string; redirect?: string }): Promise<void> => {
  requireParams({ email: payload.email });
  await http.post(`${auth}/reset-token`, { json: payload });
};

/**
 * What the spec leaves unshown of a reset link. `username` (the account's email, or its username) is
 * the reference server's: a server without it answers none, and the login after the reset starts empty.
 */
export type ResetTokenInfo = { valid: true; staff: boolean; expires_at: string; username?: string };

/** GET /auth/reset-token/{token}: is this reset link still good? */
export const getResetToken = async (token: string): Promise<ResetTokenInfo> => {
  requireParams({ token }, MISSING_TOKEN_MESSAGE);
  return http.get(`${auth}/reset-token/${encodeURIComponent(token)}`).json<ResetTokenInfo>();
};

/** POST /auth/verify-credentials: checks a username and password without starting a session. */
export const verifyCredentials = async (payload: { username: string; password: string }): Promise<{ valid: boolean }> => {
  requireParams(payload);
  return http.post(`${auth}/verify-credentials`, { json: payload }).json<{ valid: boolean }>();
};

/**
 * GET /auth/require-captcha, as SPEC section 7 has it: whether the next login must carry a captcha. It
 * names no username (the account service knows whose tries failed from where; a username in a URL
 * would reach logs and error reports).
 */
export const getCaptchaRequirement = async (): Promise<{ requireCaptcha: boolean }> =>
  http.get(`${auth}/require-captcha`).json<{ requireCaptcha: boolean }>();

/** GET /auth/captcha: a fresh ALTCHA challenge, each good for one login (the ALTCHA widget fetches it). */
export const CAPTCHA_CHALLENGE_URL = `${auth}/captcha`;

/** GET /supervisors/public/access_code/{accessCode}: the school an access code belongs to. */
export const getAccessCodeSchool = async (accessCode: string): Promise<{ id_school_customer: number }> => {
  requireParams({ accessCode });
  return http
    .get(`${SERVICES.accounts}/supervisors/public/access_code/${encodeURIComponent(accessCode)}`, { retry: 0 })
    .json<{ id_school_customer: number }>();
};

/** POST /auth/logout: ends the session on the server (the full sequence is logOut). */
export const endSession = async (): Promise<void> => {
  await http.post(`${auth}/logout`, { retry: 0 });
};
