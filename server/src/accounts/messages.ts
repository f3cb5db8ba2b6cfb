import { TOO_MANY_MESSAGE } from '../http/per-address-limit.ts';

/** The account service's answers, as SPEC section 8 spells the standard ones. */
export const MESSAGES = {
  missing: 'Missing params',
  noMatch: 'Username and password do not match',
  authRequired: 'Authentication required',
  notFound: 'Resource not found',
  weak: 'New password is weak',
  tooMany: TOO_MANY_MESSAGE,
  badCode: 'This access code is not valid or has expired',
  badLink: 'This link has expired or has already been used',
  resetSent: 'If an account exists for this email, a link to reset the password is on its way.',
  captchaUnavailable: 'The "I\'m not a robot" check is not available just now. Please try again in a few minutes.',
} as const;
