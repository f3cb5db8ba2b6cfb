/* The shapes the server accepts (server/src/registration/sign-up-request.ts and usernames.ts). */

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Letters of any script, with the marks, spaces, hyphens and apostrophes names are written with. */
export const NAME = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]{0,49}$/u;
/** 3 to 30 of a-z, 0-9, dot, underscore, hyphen; stored in lower case, so typed in any. */
export const USERNAME = /^[a-z0-9][a-z0-9._-]{2,29}$/i;
