import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';

/** Everything `useForm` takes except the validation timing, which is the same in every form. */
export type AppFormOptions<T extends FieldValues> = Omit<
  UseFormProps<T>,
  'mode' | 'reValidateMode' | 'shouldFocusError'
>;

/**
 * A react-hook-form form with the site's validation timing (spec 5): a field is first checked when it
 * loses focus; the first submit checks every field; from then on fields are checked as they change.
 * A submit with problems focuses the form's error summary (GOV.UK, issue 24), whose links lead to the
 * fields, rather than the first invalid field (ADR 021).
 */
export const useAppForm = <T extends FieldValues>(options: AppFormOptions<T> = {}): UseFormReturn<T> =>
  useForm<T>({ ...options, mode: 'onBlur', reValidateMode: 'onChange', shouldFocusError: false });
