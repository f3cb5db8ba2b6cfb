import type { ComponentProps, ReactNode } from 'react';
import { Text } from '@entry/ui';
import { FieldError, RequiredMark } from './field-error.tsx';
import './fields.css';

type Props = Omit<ComponentProps<'fieldset'>, 'className' | 'aria-describedby'> & {
  legend: string;
  required: boolean;
  errorId: string;
  error: string | undefined;
  children: ReactNode;
};

/** The frame of a group of choices: a fieldset with its legend, and its error under it. */
export const ChoiceFieldset = ({ legend, required, errorId, error, children, ...fieldset }: Props) => (
  <fieldset className="registration-choices" aria-describedby={error ? errorId : undefined} {...fieldset}>
    <Text size="2" weight="medium" asChild>
      <legend>
        {legend}
        {required && <RequiredMark />}
      </legend>
    </Text>
    {children}
    <FieldError id={errorId} message={error} />
  </fieldset>
);
