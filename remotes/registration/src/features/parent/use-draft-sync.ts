import { useEffect } from 'react';
import type { UseFormReturn } from '@entry/ui';

type Values = Record<string, unknown>;

/**
 * Hands a step form's values to `save` as they are typed, so a reload or a step back loses
 * nothing. `save` must be stable (a module-level function).
 */
export const useDraftSync = <T extends Values>(form: UseFormReturn<T>, save: (values: Partial<T>) => void) => {
  useEffect(() => {
    const subscription = form.watch((values) => save(values as Partial<T>));
    return () => subscription.unsubscribe();
  }, [form, save]);
};
