import { ApiError } from '@entry/api';

/** Server texts (SPEC section 8) the user can act on, and the key of what we show for each. */
const KNOWN: Record<string, string> = {
  'Your email address is already registered with us': 'errors.emailTaken',
  'New password is weak': 'errors.weakPassword',
  'Database error: Duplicate': 'errors.duplicate',
  'Missing params': 'errors.missingParams',
  'Only a student account can accept a tutor’s invitation': 'invite.notStudent',
  'The terms have changed since this page opened': 'errors.termsChanged',
};

export type ServerProblem = {
  /** The request field the server named (`email`, `student.username`...), when it named one. */
  field?: string;
  /** An i18n key, or the server's own text when we have none for it. */
  key?: string;
  text?: string;
};

/**
 * What to tell the user about a failed call, and where: a refusal naming a field goes under that
 * field; no answer at all (status 0) is a network failure, to be retried with nothing lost.
 */
export const readServerProblem = (error: unknown): ServerProblem => {
  if (!(error instanceof ApiError)) return { key: 'errors.generic' };
  if (error.status === 0) return { key: 'errors.network' };
  const field = (error.data as { field?: unknown } | undefined)?.field;
  const known = KNOWN[error.message];
  return {
    ...(typeof field === 'string' ? { field } : {}),
    ...(known ? { key: known } : error.message ? { text: error.message } : { key: 'errors.generic' }),
  };
};
