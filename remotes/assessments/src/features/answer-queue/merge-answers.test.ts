import { expect, it } from 'vitest';
import { mergeAnswers } from './merge-answers.ts';

it('shows for each question the later of the server’s answer and this device’s', () => {
  const server = [
    { id_question: 1, value: 'a', answered_at: 100 },
    { id_question: 2, value: ['b'], answered_at: 300 },
  ];
  const local = { 1: { value: 'c', answered_at: 200 }, 2: { value: ['a'], answered_at: 250 }, 3: { value: 45, answered_at: 10 } };
  expect(mergeAnswers(server, local)).toEqual({ 1: 'c', 2: ['b'], 3: 45 });
  expect(mergeAnswers([], {})).toEqual({});
});
