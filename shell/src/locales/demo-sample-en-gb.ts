/** The demo's sample question (namespace "shell", under `pages.demo`): added with the sample when it loads. */
export const demoSampleTexts = {
  pages: {
    demo: {
      sample: {
        progress: 'Step {{number}} of {{count}}',
        steps: {
          answer: { heading: 'Answer a question', guide: 'Choose the answer you think is right, then check it.' },
          feedback: { heading: 'See how you did', guide: 'Each answer is marked as soon as a test is handed in, with the reason why.' },
          test: { heading: 'What a test adds', guide: 'A taster test has a handful of questions like this one, against the clock.' },
        },
        prompt: 'Which number is in both the 4 times table and the 6 times table?',
        options: { a: '8', b: '12', c: '18', d: '20' },
        check: 'Check my answer',
        right: 'Right: 12 it is.',
        wrong: 'Not quite: the answer is 12.',
        why: '12 is 3 × 4 and 2 × 6, so it is in both tables. 8 and 20 are only in the 4 times table, and 18 only in the 6 times table.',
        next: 'What a test adds',
        again: 'Try again',
        restart: 'Start the sample again',
        testPoints: {
          clock: 'The clock counts down at the top of the screen, and stays there as you scroll.',
          flags: 'Flag a question to come back to it; the question buttons show which are answered and flagged.',
          marks: 'Hand in when you are done to see your score and every answer explained.',
        },
      },
    },
  },
} as const;
