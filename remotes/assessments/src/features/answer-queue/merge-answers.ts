import type { AnswerValue, SavedAnswer } from '@entry/api';

export type TimedAnswer = { value: AnswerValue; answered_at: number };

/**
 * The answers to show: for each question, the later of what the server has and what this device
 * holds (given since, or still queued after a reload). Both are timed by the device's clock.
 */
export const mergeAnswers = (server: SavedAnswer[], local: Record<number, TimedAnswer>): Record<number, AnswerValue> => {
  const latest = new Map<number, TimedAnswer>(server.map(({ id_question, value, answered_at }) => [id_question, { value, answered_at }]));
  for (const [id, answer] of Object.entries(local)) {
    const current = latest.get(Number(id));
    if (!current || answer.answered_at >= current.answered_at) latest.set(Number(id), answer);
  }
  return Object.fromEntries([...latest].map(([id, { value }]) => [id, value]));
};
