import { ApiError, MissingParamsError } from './api-error.ts';
// The words themselves: whatever reads a key here has them.
import './locales.ts';

/**
 * What a visitor reads for a failed call, in one place (issue 24): the server's texts are for
 * developers and logs ("Missing params", "Database error: Duplicate"), so no screen shows one as it
 * came. Each known text has its own words; any other is told by its status. Keys are in the "api"
 * namespace (`./locales.ts`).
 */
const BY_SERVER_TEXT: Readonly<Record<string, string>> = {
  // Account service (SPEC sections 5, 8 and the reference server's own).
  'Missing params': 'missingParams',
  'Missing required token': 'missingToken',
  'Username and password do not match': 'noMatch',
  'password should not be empty': 'missingParams',
  'Authentication required': 'signInAgain',
  'Please re-authenticate': 'signInAgain',
  'New password is weak': 'weakPassword',
  'This access code is not valid or has expired': 'badCode',
  'This link has expired or has already been used': 'badLink',
  'If an account exists for this email, a link to reset the password is on its way.': 'resetSent',
  'The "I\'m not a robot" check is not available just now. Please try again in a few minutes.': 'captchaUnavailable',
  'recaptcha missing-input-response': 'captchaMissing',
  'recaptcha timeout-or-duplicate': 'captchaExpired',
  'Google sign-in is not configured': 'googleUnavailable',
  'Google did not accept the sign-in. Please try again.': 'googleRefused',
  // The Google sign-in sends the visitor on to sign up instead (SPEC section 8); should it ever be shown:
  'You need to signup first': 'signUpFirst',
  'Too many attempts. Please wait a few minutes and try again.': 'tooMany',
  // Registration.
  'Your email address is already registered with us': 'emailTaken',
  'Database error: Duplicate': 'duplicate',
  'Only a student account can accept a tutor’s invitation': 'notStudent',
  'The password check is busy just now. Please try again in a moment.': 'busy',
  'The terms have changed since this page opened': 'termsChanged',
  // The standard texts (SPEC section 8) and the gateway's.
  'Bad request: illegal arguments': 'badRequest',
  "You don't have permission to do that": 'forbidden',
  'Resource not found': 'notFound',
  'Internal Server Error': 'technical',
  'The site is busy just now. Please try again in a moment.': 'siteBusy',
  'Gateway timeout': 'timeout',
  'No results found': 'noResults',
  'There was an error accessing payment information.': 'payment',
  'Request body too large': 'tooLarge',
  'Only application/json bodies are accepted': 'technical',
  'Too many reports': 'tooMany',
  'Too many beacons': 'tooMany',
  'No such version': 'notFound',
  // A composition node whose object store did not answer for a file of the site.
  'The site store did not answer': 'technical',
  // The flag service's refusals (OFREP), read by the flags client, never meant for a screen.
  'The request body is not valid JSON.': 'technical',
  'The request body must be a JSON object: { "context": { ... } }.': 'technical',
  '"context" must be a JSON object.': 'technical',
  '"context.targetingKey" must be a string.': 'technical',
  // A sitting's answers and moves.
  'This answer id is already used for another answer': 'technical',
  'The session changed meanwhile; try again': 'conflict',
};

/** Server texts that begin with these words and go on with details (a status, a code). */
const BY_SERVER_PREFIX: readonly (readonly [string, string])[] = [
  ['recaptcha ', 'captchaFailed'],
  ['This assessment is ', 'notTakingAnswers'],
  ['A session cannot move from ', 'conflict'],
];

const byStatus = (status: number): string => {
  if (status === 0) return 'network';
  if (status === 401) return 'signInAgain';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  if (status === 409) return 'conflict';
  if (status === 413) return 'tooLarge';
  if (status === 429) return 'tooMany';
  if (status === 504) return 'timeout';
  if (status >= 500) return 'technical';
  return 'badRequest';
};

/** The key (namespace "api") of what to tell the visitor for a server's text, whatever came with it. */
export const serverTextKey = (message: string, status: number): string =>
  BY_SERVER_TEXT[message] ?? BY_SERVER_PREFIX.find(([prefix]) => message.startsWith(prefix))?.[1] ?? byStatus(status);

/** Whether the reference server's text has words of its own here (rather than its status's). */
export const isKnownServerText = (message: string): boolean =>
  message in BY_SERVER_TEXT || BY_SERVER_PREFIX.some(([prefix]) => message.startsWith(prefix));

/**
 * The key (namespace "api") of what to tell the visitor for any failure: a call's (ApiError), a call
 * refused before it was made (MissingParamsError), or anything else (our own fault, said plainly).
 */
export const errorTextKey = (error: unknown): string => {
  if (error instanceof ApiError) return serverTextKey(error.message, error.status);
  if (error instanceof MissingParamsError) return serverTextKey(error.message, 400);
  return 'technical';
};
