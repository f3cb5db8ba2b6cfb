import { describe, expect, it } from 'vitest';
import { isValidAnswer, markAnswer, normaliseText, scorePercentage, type QuestionRow } from './questions.ts';

const options = { options: [{ id: 'a', label: 'Red' }, { id: 'b', label: 'Green' }, { id: 'c', label: 'Blue' }] };
const q = (row: Omit<QuestionRow, 'prompt'>): QuestionRow => ({ prompt: 'Question', ...row });

const choice = q({ id_question: 1, type: 'choice', body: options, key: { option: 'b' } });
const multi = q({ id_question: 2, type: 'multi_choice', body: options, key: { options: ['a', 'c'] } });
const short = q({ id_question: 3, type: 'freetext', body: { max_length: 10 }, key: { accept: ['1/4', 'a quarter'] } });
const range = q({ id_question: 4, type: 'range', body: { min: 0, max: 180, step: 5, unit: '°' }, key: { value: 45, tolerance: 0 } });
const mid = q({ id_question: 5, type: 'freetext_mid', body: { max_length: 100 }, key: { keywords: [['evaporat'], ['sun', 'heat']], model: 'It evaporates in the heat.' } });
const long = q({ id_question: 6, type: 'freetext_long', body: { max_length: 100 }, key: { model: 'Model answer' } });

describe('isValidAnswer', () => {
  it.each([
    [choice, 'b', true],
    [choice, 'z', false],
    [choice, ['b'], false],
    [multi, ['a', 'c'], true],
    [multi, [], true],
    [multi, ['a', 'a'], false],
    [multi, ['a', 'z'], false],
    [short, 'x'.repeat(10), true],
    [short, 'x'.repeat(11), false],
    [short, 7, false],
    [range, 45, true],
    [range, 181, false],
    [range, '45', false],
    [range, Number.NaN, false],
    [mid, '', true],
    [long, null, false],
  ])('%# accepts only answers of the question type and its limits', (question, value, valid) => {
    expect(isValidAnswer(question, value)).toBe(valid);
  });
});

describe('markAnswer', () => {
  it('marks each type against its key and says the right answer in words', () => {
    expect(markAnswer(choice, 'b')).toEqual({ correct: true, expected: 'Green' });
    expect(markAnswer(choice, 'a').correct).toBe(false);
    expect(markAnswer(multi, ['c', 'a'])).toEqual({ correct: true, expected: 'Red, Blue' });
    expect(markAnswer(multi, ['a']).correct).toBe(false);
    expect(markAnswer(multi, ['a', 'b', 'c']).correct).toBe(false);
    expect(markAnswer(short, '  A  Quarter. ')).toEqual({ correct: true, expected: '1/4' });
    expect(markAnswer(range, 45)).toEqual({ correct: true, expected: '45°' });
    expect(markAnswer(range, 50).correct).toBe(false);
    expect(markAnswer(mid, 'The SUN makes it evaporate').correct).toBe(true);
    expect(markAnswer(mid, 'It evaporates').correct).toBe(false);
  });

  it('leaves a long answer unmarked, answered or not, and counts any other unanswered question wrong', () => {
    expect(markAnswer(long, 'My essay')).toEqual({ correct: null, expected: 'Model answer' });
    expect(markAnswer(long, undefined).correct).toBeNull();
    expect(markAnswer(choice, undefined).correct).toBe(false);
    expect(markAnswer(multi, []).correct).toBe(false);
    expect(markAnswer(short, '').correct).toBe(false);
  });
});

describe('scorePercentage', () => {
  it('scores right answers over the automatically marked questions', () => {
    const score = scorePercentage([choice, multi, short, range, mid, long], { 1: 'b', 2: ['a', 'c'], 3: '1/4', 4: 40, 6: 'essay' });
    expect(score).toMatchObject({ correct: 3, marked: 5, total: 6, percentage: 60 });
    expect(score.questions.map((mark) => mark.correct)).toEqual([true, true, true, false, false, null]);
  });

  it('is 0 when nothing can be marked', () => {
    expect(scorePercentage([long], {}).percentage).toBe(0);
  });
});

it('normalises short answers without changing their words', () => {
  expect(normaliseText('  Lighthouse   KEEPERS. ')).toBe('lighthouse keepers');
});
