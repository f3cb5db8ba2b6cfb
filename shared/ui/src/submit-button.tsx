import type { ComponentProps } from 'react';
import { Button } from '@radix-ui/themes/components/button';
import { useBrowserValue } from './use-browser-value.ts';

export type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'>;

/**
 * A `<Form>`'s submit button. A form is sent by the app, never by the browser itself, which would put
 * its fields (a password) in the address: so on a page composed on the server the button stays
 * disabled until the page's scripts run, and with it the Enter key's submission from a field.
 */
export const SubmitButton = ({ disabled, ...props }: SubmitButtonProps) => {
  const running = useBrowserValue(() => true, false);
  return <Button {...props} type="submit" disabled={!running || disabled} />;
};
