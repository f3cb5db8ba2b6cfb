import { useEffect } from 'react';
import type { UseFormReturn } from '@entry/ui';
import { useParentDraftStore } from './parent-draft-store.ts';

type Values = Record<string, unknown>;

/**
 * Shows under its field, once, a refusal the final submit sent back to this step (the email is
 * taken, a password is weak, the username was just taken). `fields` maps the server's field names
 * to this form's and must be stable.
 */
export const usePendingProblem = <T extends Values>(form: UseFormReturn<T>, fields: Readonly<Record<string, string>>) => {
  useEffect(() => {
    const { problem, setProblem } = useParentDraftStore.getState();
    const name = problem ? fields[problem.field] : undefined;
    if (!problem || !name) return;
    setProblem(null);
    const field = name as Parameters<UseFormReturn<T>['setError']>[0];
    form.setError(field, { type: problem.type ?? 'server', message: problem.message }, { shouldFocus: true });
    // The message goes as soon as the field is changed. Left to the next validation, it would go when
    // the field loses focus, that is when the pointer presses Continue: the button would move up
    // under the pointer between press and release, and the click would be lost.
    const subscription = form.watch((_values, { name: changed }) => {
      if (changed !== name) return;
      form.clearErrors(field);
      subscription.unsubscribe();
    });
    return () => subscription.unsubscribe();
  }, [form, fields]);
};
