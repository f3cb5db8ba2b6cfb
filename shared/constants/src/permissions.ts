/** First permission audience grouping of SPEC 3. */
export const PERMISSION_AUDIENCES = ['admin', 'school', 'student', 'parent', 'tutor', 'public'] as const;
export type PermissionAudience = (typeof PERMISSION_AUDIENCES)[number];

/**
 * Second, finer grouping of SPEC 3. The spec gives these only in words, so they are kept as written
 * rather than guessed into server codes.
 */
export const PERMISSION_ROLE_GROUPS = [
  'tutor',
  'parent',
  'nucleus and prime student',
  'admin',
  'affiliate',
  'teacher',
  'content creator and reviewer',
  'nucleus student',
] as const;
export type PermissionRoleGroup = (typeof PERMISSION_ROLE_GROUPS)[number];

/** In the public app the audience only picks wording and imagery, never access (SPEC 6). */
export const PUBLIC_AUDIENCES = ['school', 'parent', 'student'] as const;
export type PublicAudience = (typeof PUBLIC_AUDIENCES)[number];
