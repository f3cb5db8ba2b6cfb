import { DEFAULT_USER_TYPE, isOneOf, USER_TYPES, type UserType } from '@entry/constants';

/** The session user of SPEC section 3. */
export type SessionUser = {
  id_user: number;
  base: UserType;
  shard?: string;
  localeCode?: string;
  id_school_primary?: number;
  id_school_customer?: number;
  id_supervisor?: number;
  id_student?: number;
  created?: string;
  baseYearGroup?: number;
};

/** Reads a user as the server sends it; `base` defaults to 'public'. */
export const toSessionUser = (raw: Omit<SessionUser, 'base'> & { base?: unknown }): SessionUser => ({
  ...raw,
  base: isOneOf(USER_TYPES, raw.base) ? raw.base : DEFAULT_USER_TYPE,
});
