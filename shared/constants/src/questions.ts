export const QUESTION_TYPES = ['multi_choice', 'choice', 'freetext', 'range', 'freetext_mid', 'freetext_long'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
