import type { ExamSessionStatus } from '@entry/constants';

/**
 * The exam session's life (SPEC section 4 names the statuses; the transitions are ours):
 * a session waits until the invigilator starts it; while it runs it can be paused for the room
 * (paused) or for one applicant's access arrangements (sen_paused); stopped ends the sitting;
 * archived files it away. not_active is a session taken out of the sitting before it began.
 */
export const SESSION_TRANSITIONS: Record<ExamSessionStatus, readonly ExamSessionStatus[]> = {
  not_active: ['waiting_to_start', 'archived'],
  waiting_to_start: ['started', 'not_active', 'archived'],
  started: ['paused', 'sen_paused', 'stopped'],
  paused: ['started', 'stopped'],
  sen_paused: ['started', 'stopped'],
  stopped: ['archived'],
  archived: [],
};

/** A new session: the applicant is expected and waits for the invigilator. */
export const INITIAL_SESSION_STATUS: ExamSessionStatus = 'waiting_to_start';

export const canMove = (from: ExamSessionStatus, to: ExamSessionStatus): boolean => SESSION_TRANSITIONS[from].includes(to);

/** The clock runs only while started; the questions are out once the sitting has begun. */
export const isRunning = (status: ExamSessionStatus): boolean => status === 'started';

/**
 * Answers are taken once the sitting has begun and until it is archived: an answer given while
 * started may reach us after a pause or the stop, from a device that was offline.
 */
export const acceptsAnswers = (status: ExamSessionStatus): boolean =>
  status === 'started' || status === 'paused' || status === 'sen_paused' || status === 'stopped';
