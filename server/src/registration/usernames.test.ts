import { describe, expect, it } from 'vitest';
import { candidateUsernames, isValidUsername, slug } from './usernames.ts';

describe('usernames', () => {
  it('turns names into username material', () => {
    expect(slug('Zoë')).toBe('zoe');
    expect(slug('O’Brien-Núñez')).toBe('obriennunez');
    expect(slug('李')).toBe('');
  });

  it('offers the plain forms first, then numbered ones, all valid', () => {
    const candidates = candidateUsernames('Ada', 'Lovelace', () => 0.42);
    expect(candidates.slice(0, 6)).toEqual(['adalovelace', 'ada.lovelace', 'ada_lovelace', 'alovelace', 'adal', 'lovelaceada']);
    expect(candidates.slice(6)).toEqual(['adalovelace42', 'adalovelace420', 'adalovelace4200']);
    expect(candidates.every(isValidUsername)).toBe(true);
  });

  it('keeps long names within 30 characters and falls back for names without latin letters', () => {
    expect(candidateUsernames('Maximilianangelo', 'Wolfeschlegelsteinhausen').every((name) => name.length <= 30)).toBe(true);
    expect(candidateUsernames('李', '王', () => 0.5)[0]).toBe('student');
  });

  it('accepts 3 to 30 of a-z, 0-9, dot, underscore and hyphen, never an @', () => {
    expect(['ada', 'ada.l', 'a_1-b', 'x'.repeat(30)].every(isValidUsername)).toBe(true);
    expect(['ab', '.ada', 'ada@example.com', 'x'.repeat(31), 'Ada', 'ada lovelace'].some(isValidUsername)).toBe(false);
  });
});
