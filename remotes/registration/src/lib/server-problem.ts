import { errorTextKey } from '@entry/api';

/** Sign-up's own words for refusals it follows up on the page (an email in use: log in with it, or reset). */
const OWN_KEYS: Record<string, string> = { emailTaken: 'errors.emailTaken', weakPassword: 'errors.weakPassword', termsChanged: 'errors.termsChanged' };

export type ServerProblem = {
  /** The request field the server named (`email`, `student.username`...), when it named one. */
  field?: string;
  /** An i18n key: sign-up's own, or the shared words for failed calls (`api:…`), never the server's text. */
  key: string;
};

/**
 * What to tell the user about a failed call, and where: a refusal naming a field goes under that
 * field; no answer at all is a network failure, to be retried with nothing lost.
 */
export const readServerProblem = (error: unknown): ServerProblem => {
  const field = (error as { data?: { field?: unknown } } | null)?.data?.field;
  const key = errorTextKey(error);
  return { ...(typeof field === 'string' ? { field } : {}), key: OWN_KEYS[key] ?? `api:${key}` };
};
