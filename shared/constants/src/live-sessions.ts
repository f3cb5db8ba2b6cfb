/**
 * Live-session event subjects (SPEC 3). "verbal and non-verbal reasoning mastery and club" is read as
 * four subjects; the spec's words are kept as written.
 */
export const LIVE_SESSION_EVENT_SUBJECTS = [
  'maths',
  'english',
  'creative-writing',
  'verbal reasoning mastery',
  'verbal reasoning club',
  'non-verbal reasoning mastery',
  'non-verbal reasoning club',
  'exam-skills',
  'common pre-test',
  '11-plus consortium',
  'grammar 11-plus',
  'ukiset',
  'interview',
  'comprehension club',
  'parent webinars',
] as const;
export type LiveSessionEventSubject = (typeof LIVE_SESSION_EVENT_SUBJECTS)[number];

export const ZOOM_EVENT_TYPES = [5, 6, 9] as const;
export type ZoomEventType = (typeof ZOOM_EVENT_TYPES)[number];
