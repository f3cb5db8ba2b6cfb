import { DEFAULT_USER_TYPE, isOneOf, USER_TYPES, type UserType } from '@entry/constants';

/** The session user of SPEC section 3, and the name the account goes by (the reference server's addition). */
export type SessionUser = {
  id_user: number;
  base: UserType;
  displayName?: string;
  shard?: string;
  localeCode?: string;
  id_school_primary?: number;
  id_school_customer?: number;
  id_supervisor?: number;
  id_student?: number;
  created?: string;
  baseYearGroup?: number;
};

/** A user as the server sends it: a visitor without a session has no id_user (SPEC section 3). */
export type RawUser = Omit<SessionUser, 'base' | 'id_user'> & { id_user?: unknown; base?: unknown };

/** A signed-in user as the server sends it (login answers, GET /users/{id}). */
export type RawSessionUser = RawUser & { id_user: number };

/** Reads a signed-in user as the server sends it; `base` defaults to 'public'. */
export const toSessionUser = (raw: RawSessionUser): SessionUser => ({
  ...raw,
  base: isOneOf(USER_TYPES, raw.base) ? raw.base : DEFAULT_USER_TYPE,
});

/** GET /user's answer: the signed-in user, or null for the public user, who has no id_user. */
export const toCurrentUser = (raw: RawUser): SessionUser | null =>
  typeof raw.id_user === 'number' ? toSessionUser(raw as RawSessionUser) : null;
