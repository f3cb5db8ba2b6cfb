/**
 * The registration remote's en-US texts (namespace 'registration'): only what US families read
 * differently, in US spelling and terms; everything else comes from en-GB.
 */
export const registrationUsTexts = {
  plan: {
    cancel: 'Cancel anytime.',
    reminder_one: 'We’ll email you {{count}} day before your first payment.',
    reminder_other: 'We’ll email you {{count}} days before your first payment.',
    purposes: {
      general_learning: { label: 'General learning', description: 'Build confidence across the school curriculum, from kindergarten up.' },
      exam_preparation: { label: 'Test prep', description: 'Practice for the ISEE, SSAT and other private and magnet school admissions tests.' },
    },
  },
} as const;
