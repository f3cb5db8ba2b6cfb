import type { SessionUser } from '@entry/auth';
import type { EvaluationContext } from '@openfeature/web-sdk';

const OPTIONAL_ATTRIBUTES = ['id_school_customer', 'created', 'baseYearGroup'] as const;

/**
 * The context the flag service targets on (SPEC 7). A signed-out visitor is 'public', as a session
 * user without a base is, so rules can single out the signed-out pages.
 */
export const toEvaluationContext = (user: SessionUser | null): EvaluationContext => {
  if (!user) return { targetingKey: 'anonymous', base: 'public' };
  const context: EvaluationContext = { targetingKey: String(user.id_user), id_user: user.id_user, base: user.base };
  // Left out rather than null: a rule on an attribute must not match a user who never had it.
  for (const attribute of OPTIONAL_ATTRIBUTES) {
    const value = user[attribute];
    if (value !== undefined) context[attribute] = value;
  }
  return context;
};
