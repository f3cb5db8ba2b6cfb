import { describe, expect, it } from 'vitest';
import { estimateStrength, MAX_ESTIMATED_CHARACTERS } from './password-strength.ts';

describe('estimateStrength', () => {
  it('scores common passwords low with advice, and passphrases high', () => {
    expect(estimateStrength('password')).toMatchObject({ score: 0, feedback: expect.arrayContaining([expect.any(String)]) });
    expect(estimateStrength('correct horse battery staple').score).toBe(4);
  });

  it(`estimates only the first ${MAX_ESTIMATED_CHARACTERS} characters, whatever is sent`, () => {
    const random = Array.from({ length: 1000 }, (_, index) => String.fromCharCode(33 + ((index * 7919) % 94))).join('');
    expect(estimateStrength(random)).toEqual(estimateStrength(random.slice(0, MAX_ESTIMATED_CHARACTERS)));
  });
});
