import type { ReactNode } from 'react';
import { Flex } from '@radix-ui/themes/components/flex';
import { Text } from '@radix-ui/themes/components/text';

type Props = {
  /** The control's id, which the label points to. */
  id: string;
  label: string;
  required: boolean;
  error?: string;
  /** The error's id, for the control's `aria-describedby`. */
  errorId: string;
  /** What the field asks for, shown before anything is typed; its id goes in `aria-describedby` too. */
  hint?: string;
  hintId?: string;
  children: ReactNode;
};

/** A form control with its label above and its error below (spec 5). */
export const FormField = ({ id, label, required, error, errorId, hint, hintId, children }: Props) => (
  <Flex direction="column" gap="1">
    <Text as="label" htmlFor={id} size="2" weight="medium">
      {label}
      {/* Screen readers hear "required" from the control's aria-required instead. */}
      {required && (
        <Text color="red" aria-hidden="true" ml="1">
          *
        </Text>
      )}
    </Text>
    {hint && (
      <Text as="p" id={hintId} size="2" color="gray">
        {hint}
      </Text>
    )}
    {children}
    {error && (
      <Text as="p" id={errorId} size="1" color="red">
        {error}
      </Text>
    )}
  </Flex>
);
