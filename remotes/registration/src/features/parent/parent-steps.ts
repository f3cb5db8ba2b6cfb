import { isOneOf } from '@entry/constants';
import type { CountryRules } from '../../lib/country.ts';
import { EMAIL, NAME, USERNAME } from '../../lib/patterns.ts';
import type { ParentDraft } from './parent-draft-store.ts';

/** The parent sign-up's steps, in order; each is a URL (`?step=`). Payment only with a provider. */
export const PARENT_STEPS = ['select_plan', 'account', 'student', 'payment', 'confirm'] as const;
export type ParentStep = (typeof PARENT_STEPS)[number];

export const stepsFor = (withPayment: boolean): ParentStep[] => PARENT_STEPS.filter((step) => withPayment || step !== 'payment');


/**
 * Whether a step's kept values are complete. Passwords (and a payment method) are never kept, so
 * they do not count here: a reload keeps the step, and the confirm step asks for them again.
 */
export const isStepDone = (step: ParentStep, draft: ParentDraft, rules: CountryRules): boolean => {
  switch (step) {
    case 'select_plan':
      return isOneOf(rules.plans, draft.purpose);
    case 'account':
      return NAME.test(draft.parentFirstName.trim()) && NAME.test(draft.parentLastName.trim()) && EMAIL.test(draft.email.trim());
    case 'student':
      return (
        NAME.test(draft.firstName.trim()) &&
        NAME.test(draft.lastName.trim()) &&
        draft.yearGroup !== '' &&
        rules.yearGroups.includes(Number(draft.yearGroup)) &&
        USERNAME.test(draft.username.trim())
      );
    case 'payment':
      return true;
    case 'confirm':
      return false;
  }
};

/**
 * The step to show for the URL's `step`: an unknown or missing one is the first; one whose earlier
 * steps are not done yet is the first of those (a link cannot skip ahead of the values it needs).
 */
export const resolveStep = (requested: string | null, draft: ParentDraft, rules: CountryRules, steps: ParentStep[]): ParentStep => {
  const first = steps[0] as ParentStep;
  const wanted = isOneOf(steps, requested) ? requested : first;
  const open = steps.slice(0, steps.indexOf(wanted)).find((step) => !isStepDone(step, draft, rules));
  return open ?? wanted;
};

export const neighbours = (step: ParentStep, steps: ParentStep[]) => {
  const index = steps.indexOf(step);
  return { previous: steps[index - 1] ?? null, next: steps[index + 1] ?? null, number: index + 1, count: steps.length };
};

/** The step that shows a field the server refused (the server names it as in the request). */
export const stepOfField = (field: string): ParentStep => {
  if (['firstName', 'lastName', 'email', 'password'].includes(field)) return 'account';
  if (field.startsWith('student')) return 'student';
  if (field.startsWith('plan')) return 'select_plan';
  if (field === 'payment') return 'payment';
  return 'confirm';
};
