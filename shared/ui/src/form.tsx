import type { ComponentProps } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { ErrorSummary, FieldIdsProvider } from './error-summary.tsx';

export type FormProps<T extends FieldValues> = Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  form: UseFormReturn<T>;
  onSubmit: SubmitHandler<T>;
};

/**
 * A `<form>` for a `useAppForm` form: its fields find the form through context, and `onSubmit` runs
 * only once every field is valid. The browser's own validation is off; the form's rules speak instead.
 * An error summary heads the form (GOV.UK): a send that ends in problems, the fields' or the server's
 * (`setError` in `onSubmit`), moves the focus to it.
 * Its button is a SubmitButton; should the browser send it all the same, it posts, so that no field
 * ever lands in an address.
 */
export const Form = <T extends FieldValues>({ form, onSubmit, children, ...props }: FormProps<T>) => (
  <FormProvider {...form}>
    <FieldIdsProvider>
      <form method="post" {...props} noValidate onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
        <ErrorSummary />
        {children}
      </form>
    </FieldIdsProvider>
  </FormProvider>
);
