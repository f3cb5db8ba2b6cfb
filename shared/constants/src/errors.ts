/*
 * Server and client error texts (SPEC 5, 6, 8). Code matches on these exact strings, so they live here
 * once; what the user reads for them belongs in the i18n resources.
 */

export const STANDARD_SERVER_ERROR_MESSAGES = [
  'Internal Server Error',
  'Bad request: illegal arguments',
  'Authentication required',
  "You don't have permission to do that",
  'Resource not found',
  'Database error: Duplicate',
  'Gateway timeout',
] as const;
export type StandardServerErrorMessage = (typeof STANDARD_SERVER_ERROR_MESSAGES)[number];

export const NO_RESULTS_MESSAGE = 'No results found';
export const PAYMENT_INFORMATION_ERROR_MESSAGE = 'There was an error accessing payment information.';
export const DYNAMIC_IMPORT_FAILED_MESSAGE = 'Failed to load dynamically imported module';

export const MISSING_PARAMS_MESSAGE = 'Missing params';
export const MISSING_TOKEN_MESSAGE = 'Missing required token';
/** Sent with the logout forced by a 403 for a different user than the one signed in. */
export const REAUTHENTICATE_MESSAGE = 'Please re-authenticate';
/** A Google sign-in error containing this means the account does not exist yet: go to registration. */
export const GOOGLE_SIGNUP_FIRST_MESSAGE = 'You need to signup first';

/** Expected user mistakes, not faults: reporting them would only bury real errors. */
export const UNREPORTED_ERROR_MESSAGES = [
  'Username and password do not match',
  'password should not be empty',
  'Your email address is already registered with us',
  'New password is weak',
] as const;
export type UnreportedErrorMessage = (typeof UNREPORTED_ERROR_MESSAGES)[number];

/** Server messages starting with this are captcha errors to be translated, not shown raw. */
export const RECAPTCHA_MESSAGE_PREFIX = 'recaptcha';
export const RECAPTCHA_MESSAGE_KEYS = ['missing-input-response', 'timeout-or-duplicate'] as const;
export type RecaptchaMessageKey = (typeof RECAPTCHA_MESSAGE_KEYS)[number];
