import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { passwordRefusal } from './password-policy.ts';

const randomPassword = (length: number) => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-=?@^_';
  return Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
};

describe('passwordRefusal', () => {
  it.each(['password', '12345678', 'Password123!', 'qwertyuiop', 'iloveyou', 'p@ssw0rd', 'PASSWORD', 'ｐａｓｓｗｏｒｄ'])(
    'refuses the common password %s',
    (password) => {
      expect(passwordRefusal(password)).toBe('common');
    },
  );

  it('accepts 200 random 8-character passwords and has no composition rules', () => {
    const refused = Array.from({ length: 200 }, () => randomPassword(8)).filter((password) => passwordRefusal(password) !== null);
    expect(refused).toEqual([]);
    expect(passwordRefusal('lowercase only words')).toBeNull();
  });

  it('wants 8 characters, welcomes 64 and more up to 1 KiB', () => {
    expect(passwordRefusal('x9!Kq2')).toBe('too-short');
    expect(passwordRefusal('the quick brown fox jumps over the lazy dog while seven owls watch')).toBeNull();
    expect(passwordRefusal('é'.repeat(300))).toBeNull();
    expect(passwordRefusal('x'.repeat(1025))).toBe('too-long');
  });

  it('refuses the account’s own email or username', () => {
    expect(passwordRefusal('ada.lovelace@example.com', ['ada.lovelace@example.com'])).toBe('personal');
    expect(passwordRefusal('Ada.Lovelace2024', ['ada.lovelace@example.com'])).toBe('personal');
    expect(passwordRefusal('a different secret', ['ada.lovelace@example.com'])).toBeNull();
  });
});
