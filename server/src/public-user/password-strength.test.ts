import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.ts';

describe('judgePassword', () => {
  it.each(['password', 'password1', 'Password123!', 'qwertyuiop', '12345678', 'iloveyou'])('calls %s weak', (password) => {
    expect(judgePassword(password)).toMatchObject({ weak: true });
  });

  it('wants at least 8 characters', () => {
    expect(judgePassword('x9!Kq')).toEqual({ score: 0, weak: true, feedback: ['Use at least 8 characters.'] });
  });

  it('accepts a long passphrase without composition rules', () => {
    expect(judgePassword('correct horse battery staple')).toMatchObject({ weak: false, feedback: [] });
    expect(judgePassword('a'.repeat(3) + ' purple giraffes dance on tuesday mornings ' + 'z'.repeat(30))).toMatchObject({ weak: false });
  });

  it('allows 64 characters and more, up to 1 KiB', () => {
    const long = 'the quick brown fox jumps over the lazy dog while seven owls watch';
    expect(long.length).toBeGreaterThanOrEqual(64);
    expect(judgePassword(long).weak).toBe(false);
    expect(judgePassword('x'.repeat(1025))).toMatchObject({ weak: true, feedback: ['Use a shorter password.'] });
  });
});
