import { describe, expect, it } from 'vitest';
import { passwordVerdict } from './password-verdict.ts';

describe('passwordVerdict', () => {
  it('tells a weak password in one sentence: the server’s warning first, else its first suggestion, else the kit’s', () => {
    const feedback = ['This is a top-10 common password.', 'Add another word or two. Uncommon words are better.'];
    expect(passwordVerdict({ score: 0, weak: true, feedback })).toEqual({ weak: true, text: 'This is a top-10 common password.' });
    expect(passwordVerdict({ score: 1, weak: true, feedback: feedback.slice(1) })).toEqual({ weak: true, text: feedback[1] });
    expect(passwordVerdict({ score: 1, weak: true, feedback: [] })).toEqual({ weak: true, key: 'password.weak' });
  });

  it('says a strong one is strong enough, whatever advice comes with it, and nothing before an answer', () => {
    expect(passwordVerdict({ score: 4, weak: false, feedback: ['Avoid dates'] })).toEqual({ weak: false, key: 'password.strong' });
    expect(passwordVerdict(null)).toBeNull();
  });
});
