import { describe, expect, it } from 'vitest';
import {
  answeredCount,
  hasRunOut,
  NOT_STARTED,
  progressKey,
  PROGRESS_FORMAT,
  progressReducer,
  type ProgressAction,
  type TasterProgress,
} from './progress.ts';

const run = (...actions: ProgressAction[]) => actions.reduce(progressReducer, NOT_STARTED);
const SCORE = { correct: 1, marked: 1, total: 1, percentage: 100, questions: [] };

describe('taster progress (not_started, in_progress, finished, not_finished)', () => {
  it('counts only real answers as answered', () => {
    const state = run({ type: 'start', now: 0, timeLimitSeconds: 60 }, { type: 'answer', id_question: 1, value: 'x' }, { type: 'answer', id_question: 2, value: '' });
    expect(answeredCount(state, [1, 2, 3])).toBe(1);
  });

  it('starts with the clock set, takes answers and flags, and finishes', () => {
    const started = run({ type: 'start', now: 1000, timeLimitSeconds: 60 });
    expect(started).toMatchObject({ progress: 'in_progress', deadline: 61_000 });
    const answered = [
      { type: 'answer', id_question: 1, value: 'b' },
      { type: 'answer', id_question: 2, value: ['a', 'c'] },
      { type: 'toggleFlag', id_question: 2 },
      { type: 'toggleFlag', id_question: 3 },
      { type: 'toggleFlag', id_question: 3 },
      { type: 'goTo', position: 1 },
    ].reduce<TasterProgress>((state, action) => progressReducer(state, action as ProgressAction), started);
    expect(answered).toMatchObject({ answers: { 1: 'b', 2: ['a', 'c'] }, flagged: [2], position: 1 });

    const finished = progressReducer(answered, { type: 'finish', timedOut: false });
    expect(finished.progress).toBe('finished');
    expect(progressReducer(finished, { type: 'scored', result: SCORE }).result).toEqual(SCORE);
  });

  it('calls a test whose time ran out not_finished, and takes no answers after the end', () => {
    const over = run({ type: 'start', now: 0, timeLimitSeconds: 60 }, { type: 'finish', timedOut: true });
    expect(over.progress).toBe('not_finished');
    expect(progressReducer(over, { type: 'answer', id_question: 1, value: 'a' }).answers).toEqual({});
    expect(progressReducer(over, { type: 'toggleFlag', id_question: 1 }).flagged).toEqual([]);
    expect(progressReducer(over, { type: 'finish', timedOut: false }).progress).toBe('not_finished');
  });

  it('ignores answers and scores out of turn, and starts again from nothing after a reset', () => {
    expect(run({ type: 'answer', id_question: 1, value: 'a' })).toEqual(NOT_STARTED);
    expect(run({ type: 'start', now: 0, timeLimitSeconds: 60 }, { type: 'scored', result: SCORE }).result).toBeNull();
    const again = run({ type: 'start', now: 0, timeLimitSeconds: 60 }, { type: 'answer', id_question: 1, value: 'a' }, { type: 'reset' });
    expect(again).toEqual(NOT_STARTED);
  });

  it('runs out at the deadline, even for a visitor who was away', () => {
    const started = run({ type: 'start', now: 0, timeLimitSeconds: 60 });
    expect(hasRunOut(started, 59_999)).toBe(false);
    expect(hasRunOut(started, 60_000)).toBe(true);
    expect(hasRunOut(NOT_STARTED, 1e12)).toBe(false);
  });

});

describe('stored progress', () => {
  it('survives a write and a read, and forgets a test not started', () => {
    const key = progressKey('oakwood', 1);
    expect(key).toBe('taster:oakwood:1');
    const state = run({ type: 'start', now: 0, timeLimitSeconds: 60 }, { type: 'answer', id_question: 101, value: 45 });
    expect(PROGRESS_FORMAT.parse(PROGRESS_FORMAT.serialize(state))).toEqual(state);
    expect(PROGRESS_FORMAT.serialize(NOT_STARTED)).toBeNull();
  });

  it('reads anything unreadable as not started', () => {
    expect(PROGRESS_FORMAT.parse('{not json')).toEqual(NOT_STARTED);
    expect(PROGRESS_FORMAT.parse(JSON.stringify({ progress: 'done', answers: {} }))).toEqual(NOT_STARTED);
    expect(PROGRESS_FORMAT.parse(null)).toEqual(NOT_STARTED);
  });
});
