/** The flags the product names (SPEC sections 2 and 3); `server/flags.json` serves the same keys. */
export const FLAG_KEYS = {
  schoolsQuestGoogleSignIn: 'schools-quest-google-sign-in',
  schoolPupilReport: 'school-pupil-report',
  scoreBoundaryV2: 'score-boundary-v2',
  questPurchase: 'quest-purchase',
  omr: 'omr',
} as const;

export type FlagKey = (typeof FLAG_KEYS)[keyof typeof FLAG_KEYS];
