export const EXAM_SESSION_STATUSES = [
  'archived',
  'not_active',
  'waiting_to_start',
  'started',
  'paused',
  'stopped',
  'sen_paused',
] as const;
export type ExamSessionStatus = (typeof EXAM_SESSION_STATUSES)[number];
