import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary, translations } from '@zxcvbn-ts/language-en';
import { isPasswordTooLong, MIN_PASSWORD_LENGTH } from '../accounts/passwords.ts';

/**
 * The server's judge of passwords (SPEC section 5), after NIST SP 800-63B: at least 8 characters,
 * long ones welcome (up to 1 KiB), no composition rules, and anything zxcvbn scores below 3 of 4
 * (common passwords and their variants, keyboard walks, dates, names) is weak.
 */
export const WEAK_BELOW_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...commonDictionary, ...englishDictionary },
  graphs: adjacencyGraphs,
  translations,
});

export type StrengthVerdict = { score: number; weak: boolean; feedback: string[] };

export const judgePassword = (password: string): StrengthVerdict => {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    return { score: 0, weak: true, feedback: [`Use at least ${MIN_PASSWORD_LENGTH} characters.`] };
  }
  if (isPasswordTooLong(password)) return { score: 0, weak: true, feedback: ['Use a shorter password.'] };
  const { score, feedback } = zxcvbn.check(password);
  const advice = [feedback.warning, ...feedback.suggestions].filter((line): line is string => Boolean(line));
  return { score, weak: score < WEAK_BELOW_SCORE, feedback: score < WEAK_BELOW_SCORE ? advice : [] };
};
