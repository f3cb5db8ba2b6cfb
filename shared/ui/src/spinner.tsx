import type { ComponentProps } from 'react';
import { Spinner as RadixSpinner } from '@radix-ui/themes/components/spinner';
import { VisuallyHidden } from '@radix-ui/themes/components/visually-hidden';

type SpinnerProps = ComponentProps<typeof RadixSpinner>;

/**
 * Radix Themes' spinner. Named (`aria-label`), it says what is loading as a status, in words a screen
 * reader reads: a bare span may not carry a name (axe's aria-prohibited-attr).
 */
export const Spinner = ({ 'aria-label': label, ...props }: SpinnerProps) =>
  label ? (
    <span role="status">
      <RadixSpinner {...props} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </span>
  ) : (
    <RadixSpinner {...props} />
  );
