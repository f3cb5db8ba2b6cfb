/** Role codes as the server sends them (SPEC 3). `sch` is the pupil role. */
export const ROLES = [
  'adm',
  'atom-employee',
  'usr-man',
  'qus',
  'qus-rev',
  'con-adm',
  'cmp-adm',
  'sup',
  'stu',
  'stu-snr',
  'sch',
  'sch-man',
  'sch-stf',
  'sch-adm',
  'tut',
  'prnt',
  'aff',
  'atom-tut',
  'internal-tut',
  'evt-man',
  'evt',
  'subscription-man',
  'learning-journey-man-view',
  'learning-journey-man-edit',
  'machine-adm',
] as const;
export type Role = (typeof ROLES)[number];

/**
 * The privileged grouping of SPEC 6. The spec names the roles in words; "comprehension admin" is read
 * as `cmp-adm` (leaving `con-adm` out), and "tutor roles" / "event roles" as every role of that family.
 */
export const PRIVILEGED_ROLES = [
  'adm',
  'atom-employee',
  'usr-man',
  'qus',
  'qus-rev',
  'cmp-adm',
  'aff',
  'sch-man',
  'tut',
  'atom-tut',
  'internal-tut',
  'evt-man',
  'evt',
  'learning-journey-man-view',
  'learning-journey-man-edit',
] as const satisfies readonly Role[];
export type PrivilegedRole = (typeof PRIVILEGED_ROLES)[number];
