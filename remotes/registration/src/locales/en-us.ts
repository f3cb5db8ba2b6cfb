/**
 * The registration remote's en-US texts (namespace 'registration'): only what US families read
 * differently, in US spelling and terms; everything else comes from en-GB.
 */
export const registrationUsTexts = {
  plan: {
    trial: 'Every plan starts with a free trial. No card needed. If you continue after it, you pay in {{currency}}.',
    purposes: {
      general_learning: { label: 'General learning', description: 'Build confidence across the school curriculum, from kindergarten up.' },
      exam_preparation: { label: 'Test prep', description: 'Practice for the ISEE, SSAT and other private and magnet school admissions tests.' },
    },
  },
} as const;
