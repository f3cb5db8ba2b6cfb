import { describe, expect, it } from 'vitest';
import { formatClock, isAnswered, minutesLeft, wordCount } from './format.ts';

describe('format', () => {
  it.each([
    [0, '0:00'],
    [5, '0:05'],
    [480, '8:00'],
    [3723, '1:02:03'],
    [-4, '0:00'],
    [59.9, '0:59'],
  ])('shows %s seconds as %s', (seconds, clock) => {
    expect(formatClock(seconds)).toBe(clock);
  });

  it('rounds minutes left up', () => {
    expect([301, 300, 61, 60, 1, 0].map(minutesLeft)).toEqual([6, 5, 2, 1, 1, 0]);
  });

  it('counts words across any white space', () => {
    expect(wordCount('  one two\nthree\t four ')).toBe(4);
    expect(wordCount('')).toBe(0);
  });

  it('counts only real answers as answered', () => {
    expect([undefined, '', '  ', [], 'a', ['a'], 0].map(isAnswered)).toEqual([false, false, false, false, true, true, true]);
  });
});
