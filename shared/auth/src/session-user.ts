/** The user types of SPEC section 3 ("User types by area"). */
export const USER_TYPES = [
  'admin',
  'applicant',
  'internal-tools',
  'invigilator',
  'parent',
  'public',
  'school',
  'student',
  'teacher',
  'tutor',
] as const;
export type UserType = (typeof USER_TYPES)[number];

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

const isUserType = (value: unknown): value is UserType =>
  typeof value === 'string' && (USER_TYPES as readonly string[]).includes(value);

/** Reads a user as the server sends it; `base` defaults to 'public'. */
export const toSessionUser = (raw: Omit<SessionUser, 'base'> & { base?: unknown }): SessionUser => ({
  ...raw,
  base: isUserType(raw.base) ? raw.base : 'public',
});
