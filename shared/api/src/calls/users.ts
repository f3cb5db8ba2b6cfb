import { toCurrentUser, toSessionUser, type RawSessionUser, type RawUser, type SessionUser } from '@entry/auth';
import { CURRENT_USER_CACHE_MS } from '@entry/constants';
import { http } from '../http-client.ts';
import { SERVICES } from '../services.ts';
import { requireParams } from './require.ts';

const accounts = SERVICES.accounts;

let currentUser: { user: Promise<SessionUser | null>; at: number } | null = null;

/**
 * GET /user: the session's user, or null for a visitor without a session (the server's public user,
 * who has no id_user), from a 60 s cache; a failure is not cached.
 */
export const getCurrentUser = (now: number = Date.now()): Promise<SessionUser | null> => {
  if (currentUser && now - currentUser.at < CURRENT_USER_CACHE_MS) return currentUser.user;
  const user = http.get(`${accounts}/user`).json<RawUser>().then(toCurrentUser);
  currentUser = { user, at: now };
  user.catch(() => {
    currentUser = null;
  });
  return user;
};

/** Forgets the cached user (after login, logout or an account switch). */
export const forgetCurrentUser = (): void => {
  currentUser = null;
};

/** GET /users/{id_user}. */
export const getUser = async (id_user: number): Promise<SessionUser> => {
  requireParams({ id_user });
  return toSessionUser(await http.get(`${accounts}/users/${id_user}`).json<RawSessionUser>());
};

/** Registration payload fields are product-specific (SPEC section 5: "not shown"); the registration remote owns them. */
export type RegistrationPayload = Record<string, unknown> & { email?: string; password: string };

/** POST /users/public: register; the answer is the new, signed-in user. */
export const registerUser = async (payload: RegistrationPayload): Promise<SessionUser> =>
  toSessionUser(await http.post(`${accounts}/users/public`, { json: payload }).json<RawSessionUser>());

/** POST /users/public/with-code: register with an access code. */
export const registerUserWithCode = async (payload: RegistrationPayload & { access_code: string }): Promise<SessionUser> => {
  requireParams({ access_code: payload.access_code });
  return toSessionUser(await http.post(`${accounts}/users/public/with-code`, { json: payload }).json<RawSessionUser>());
};

/** POST /users/{id_user}/customer {email}: both are required. */
export const createCustomer = async ({ id_user, email }: { id_user: number; email: string }): Promise<void> => {
  requireParams({ id_user, email });
  await http.post(`${accounts}/users/${id_user}/customer`, { json: { email } });
};

export type Credentials = { username: string; password: string };

/** POST /students/link {credentials}. */
export const linkStudent = async (credentials: Credentials): Promise<void> => {
  requireParams(credentials);
  await http.post(`${accounts}/students/link`, { json: { credentials } });
};

/** POST /students/{id_student_source}/pair: merge accounts; every field is required. */
export const mergeAccounts = async (payload: {
  id_student_source: number;
  id_student: number;
  credentials: Credentials;
}): Promise<void> => {
  requireParams({ id_student_source: payload.id_student_source, id_student: payload.id_student, ...payload.credentials });
  await http.post(`${accounts}/students/${payload.id_student_source}/pair`, {
    json: { id_student: payload.id_student, credentials: payload.credentials },
  });
};

/** POST /tutor-invites/{tutorInviteToken}/students/{studentId}: every path parameter is required. */
export const linkStudentToTutor = async ({ tutorInviteToken, studentId }: { tutorInviteToken: string; studentId: number }) => {
  requireParams({ tutorInviteToken, studentId });
  await http.post(`${accounts}/tutor-invites/${encodeURIComponent(tutorInviteToken)}/students/${studentId}`);
};

/**
 * POST /tutor-invites/{tutorInviteToken}/accept: a student accepts with their own credentials, checked as
 * a login is; only a student account is linked and signed in, any refusal changes no session.
 */
export const acceptTutorInvite = async ({ tutorInviteToken, credentials, captcha }: { tutorInviteToken: string; credentials: { username: string; password: string }; captcha?: string }): Promise<SessionUser> => {
  requireParams({ tutorInviteToken, ...credentials });
  return toSessionUser(
    await http.post(`${accounts}/tutor-invites/${encodeURIComponent(tutorInviteToken)}/accept`, { json: { credentials, captcha } }).json<RawSessionUser>(),
  );
};

/** GET /usernames/{username}: whether the username is free. */
export const checkUsername = async (username: string): Promise<{ available: boolean }> => {
  requireParams({ username });
  return http.get(`${accounts}/usernames/${encodeURIComponent(username)}`).json<{ available: boolean }>();
};

/** GET /usernames/suggestions: only once both first and last name are set. */
export const getUsernameSuggestions = async ({ firstName, lastName }: { firstName: string; lastName: string }) => {
  requireParams({ firstName, lastName });
  return http.get(`${accounts}/usernames/suggestions`, { searchParams: { firstName, lastName } }).json<string[]>();
};
