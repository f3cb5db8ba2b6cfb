import { isAnswered } from '@entry/exam-kit';
import type { AnswerValue, TasterScore } from '@entry/api';
import { isOneOf, LEARNING_SESSION_PROGRESS_STATES, type LearningSessionProgress } from '@entry/constants';

/**
 * A familiarisation test on this device (the taster needs no account): where the visitor is, what
 * they answered and flagged, when the time runs out, and the score once marked. Kept in local
 * storage, so a reload or a later visit picks it up.
 */
export type TasterProgress = {
  progress: LearningSessionProgress;
  answers: Record<number, AnswerValue>;
  flagged: number[];
  /** The question on screen, by index. */
  position: number;
  /** When the time runs out (epoch ms); set at the start, so leaving the page does not stop the clock. */
  deadline: number | null;
  result: TasterScore | null;
};

export const NOT_STARTED: TasterProgress = {
  progress: 'not_started',
  answers: {},
  flagged: [],
  position: 0,
  deadline: null,
  result: null,
};

export type ProgressAction =
  | { type: 'start'; now: number; timeLimitSeconds: number }
  | { type: 'answer'; id_question: number; value: AnswerValue }
  | { type: 'toggleFlag'; id_question: number }
  | { type: 'goTo'; position: number }
  | { type: 'finish'; timedOut: boolean }
  | { type: 'scored'; result: TasterScore }
  | { type: 'reset' };

const isOpen = (state: TasterProgress) => state.progress === 'in_progress';

export const progressReducer = (state: TasterProgress, action: ProgressAction): TasterProgress => {
  switch (action.type) {
    case 'start':
      return state.progress === 'not_started'
        ? { ...NOT_STARTED, progress: 'in_progress', deadline: action.now + action.timeLimitSeconds * 1000 }
        : state;
    case 'answer':
      return isOpen(state) ? { ...state, answers: { ...state.answers, [action.id_question]: action.value } } : state;
    case 'toggleFlag': {
      if (!isOpen(state)) return state;
      const flagged = state.flagged.includes(action.id_question)
        ? state.flagged.filter((id) => id !== action.id_question)
        : [...state.flagged, action.id_question];
      return { ...state, flagged };
    }
    case 'goTo':
      return { ...state, position: Math.max(0, action.position) };
    case 'finish':
      return isOpen(state) ? { ...state, progress: action.timedOut ? 'not_finished' : 'finished' } : state;
    case 'scored':
      return state.progress === 'finished' || state.progress === 'not_finished' ? { ...state, result: action.result } : state;
    case 'reset':
      return NOT_STARTED;
  }
};

/** Whether a value counts as an answer: an empty text or selection is an answer taken back. */
export const answeredCount = (state: TasterProgress, questionIds: number[]): number =>
  questionIds.filter((id) => isAnswered(state.answers[id])).length;

/** Time runs out even while the visitor is away: on their return the test is over, not resumed. */
export const hasRunOut = (state: TasterProgress, now: number): boolean =>
  isOpen(state) && state.deadline !== null && now >= state.deadline;

export const progressKey = (school_exam_slug: string, id_exam_config: number): string =>
  `taster:${school_exam_slug}:${id_exam_config}`;

const isProgress = (value: unknown): value is TasterProgress => {
  const candidate = value as Partial<TasterProgress> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    isOneOf(LEARNING_SESSION_PROGRESS_STATES, candidate.progress) &&
    typeof candidate.answers === 'object' &&
    candidate.answers !== null &&
    Array.isArray(candidate.flagged) &&
    typeof candidate.position === 'number'
  );
};

/** The stored progress, or not started when there is none (or it is unreadable). */
/** Progress as stored (a JSON string, or nothing): anything unreadable is a test not started. */
export const parseProgress = (raw: string | null): TasterProgress => {
  try {
    const stored: unknown = JSON.parse(raw ?? 'null');
    return isProgress(stored) ? { ...NOT_STARTED, ...stored } : NOT_STARTED;
  } catch {
    return NOT_STARTED;
  }
};

export const readProgress = (storage: Storage, key: string): TasterProgress => parseProgress(storage.getItem(key));

export const writeProgress = (storage: Storage, key: string, state: TasterProgress): void => {
  try {
    if (state.progress === 'not_started') storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(state));
  } catch {
    // Storage full or refused (private mode): the test goes on, it just will not survive a reload.
  }
};
