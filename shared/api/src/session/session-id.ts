import { SESSION_ID_COOKIE_MAX_AGE_MS, SESSION_ID_LENGTH } from '@entry/constants';

/** SPEC section 9: the analytics session id, 32 characters, kept in a cookie for 30 days. */
export const SESSION_ID_COOKIE = 'sessionId';
const SESSION_ID_MAX_AGE_S = SESSION_ID_COOKIE_MAX_AGE_MS / 1000;

const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export const getSessionId = (): string => {
  const existing = readCookie(SESSION_ID_COOKIE);
  if (existing?.length === SESSION_ID_LENGTH) return existing;
  const bytes = crypto.getRandomValues(new Uint8Array(SESSION_ID_LENGTH / 2));
  const id = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  document.cookie = `${SESSION_ID_COOKIE}=${id}; Max-Age=${SESSION_ID_MAX_AGE_S}; Path=/; SameSite=Lax`;
  return id;
};
