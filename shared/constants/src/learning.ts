/** Content hierarchy, broadest level first so index order is nesting order. */
export const CONTENT_LEVELS = ['subject', 'topic', 'subtopic', 'atom'] as const;
export type ContentLevel = (typeof CONTENT_LEVELS)[number];

export const DIFFICULTIES = ['easy', 'medium', 'hard'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

export const LEARNING_SESSION_PROGRESS_STATES = ['not_started', 'in_progress', 'finished', 'not_finished'] as const;
export type LearningSessionProgress = (typeof LEARNING_SESSION_PROGRESS_STATES)[number];

export const COMPLETION_STATES = ['completed', 'not_completed', 'in_progress', 'not_started'] as const;
export type CompletionState = (typeof COMPLETION_STATES)[number];

/* Journey modes and standardisation methods are named in words by the spec and kept as written. */

export const LEARNING_JOURNEY_MODES = ['mock test', 'learning journey', 'custom practice'] as const;
export type LearningJourneyMode = (typeof LEARNING_JOURNEY_MODES)[number];

export const SCORING_METHODS = ['RASCH', 'PERCENTAGE'] as const;
export type ScoringMethod = (typeof SCORING_METHODS)[number];

export const STANDARDISATION_METHODS = [
  'default',
  'mock scoring',
  'subject-year-group',
  'exam-group',
  'config',
  'content',
  'manual',
  'percentage with no standardisation',
] as const;
export type StandardisationMethod = (typeof STANDARDISATION_METHODS)[number];
