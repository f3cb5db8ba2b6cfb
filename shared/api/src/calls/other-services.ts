import { http } from '../http-client.ts';
import { SERVICES } from '../services.ts';
import { MISSING_TOKEN_MESSAGE } from '@entry/constants';
import { requireParams } from './require.ts';

export type TutorInvite = { token: string; tutorName: string; expires_at: string };

/** Email service: GET /tutor-invite/{token}. */
export const getTutorInvite = async (token: string): Promise<TutorInvite> => {
  requireParams({ token }, MISSING_TOKEN_MESSAGE);
  return http.get(`${SERVICES.email}/tutor-invite/${encodeURIComponent(token)}`).json<TutorInvite>();
};

/** POST /public/user/unsubscribe: stop one kind of email for one user, with the signature the mail's link carried. */
export const unsubscribe = async (payload: { type: string; id_user: number; signature: string }): Promise<void> => {
  requireParams(payload);
  await http.post(`${SERVICES.publicUser}/unsubscribe`, { json: payload });
};

export type PasswordStrength = { score: number; weak: boolean; feedback: string[] };

/**
 * A busy check (503) is asked again after the Retry-After the server gives, twice at most: the
 * threads refuse rather than queue under a burst, and a form about to move on needs the verdict.
 * Asking again changes nothing on the server, so the POST is safe to repeat.
 */
const BUSY_RETRY = { limit: 2, methods: ['post'], statusCodes: [503], afterStatusCodes: [503], maxRetryAfter: 2000 };

/** POST /public/user/verify_password_strength: the server judges strength (SPEC section 5). */
export const checkPasswordStrength = async (password: string): Promise<PasswordStrength> =>
  http.post(`${SERVICES.publicUser}/verify_password_strength`, { json: { password }, retry: BUSY_RETRY }).json<PasswordStrength>();

/** GET /app-metadata/latest-release: polled to offer an update. */
export const getLatestRelease = async (): Promise<{ version: string }> =>
  http.get(`${SERVICES.appMetadata}/latest-release`).json<{ version: string }>();

/** GET /app-metadata/manifest: what is deployed (development builds only). */
export const getAppManifest = async (): Promise<unknown> => http.get(`${SERVICES.appMetadata}/manifest`).json();
