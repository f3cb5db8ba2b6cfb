export const FEEDBACK_SATISFACTION_LEVELS = [
  'not_applicable',
  'very_satisfied',
  'satisfied',
  'okay',
  'unsatisfied',
  'very_unsatisfied',
] as const;
export type FeedbackSatisfaction = (typeof FEEDBACK_SATISFACTION_LEVELS)[number];

export const FEEDBACK_OFFERED_VIA = ['offered', 'popup'] as const;
export type FeedbackOfferedVia = (typeof FEEDBACK_OFFERED_VIA)[number];
