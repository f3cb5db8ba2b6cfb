/** UK subjects with the ids the content service uses for them (SPEC 3). */
export const SUBJECT_IDS = {
  english: 235,
  verbal_reasoning: 236,
  maths: 237,
  non_verbal_reasoning: 238,
  science: 239,
} as const;

export const SUBJECTS = ['english', 'verbal_reasoning', 'maths', 'non_verbal_reasoning', 'science'] as const;
export type Subject = (typeof SUBJECTS)[number];
export type SubjectId = (typeof SUBJECT_IDS)[Subject];

export const US_SUBJECTS = [
  'verbal_reasoning_us',
  'quantitative_reasoning_us',
  'reading_comprehension_us',
  'mathematics_achievement_us',
] as const;
export type UsSubject = (typeof US_SUBJECTS)[number];

/**
 * Subjects the colour palette knows beyond `SUBJECTS`. The spec lists "GCSE English Literature, Maths,
 * Chemistry, Physics, Biology", read as GCSE applying to each.
 */
export const SUBJECT_PALETTE_NAMES = [
  'Creative Writing',
  'Exam Skills',
  'GCSE English Literature',
  'GCSE Maths',
  'GCSE Chemistry',
  'GCSE Physics',
  'GCSE Biology',
] as const;
export type SubjectPaletteName = (typeof SUBJECT_PALETTE_NAMES)[number];
