/** User types by front-end area (SPEC 3); the session user's `base`. */
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

/** What a session user's `base` falls back to when the server sends none (SPEC 3). */
export const DEFAULT_USER_TYPE = 'public' satisfies UserType;
