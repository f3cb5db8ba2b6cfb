import { Text } from '@entry/ui';

/** A field's error text, under it, with the id its control points to. */
export const FieldError = ({ id, message }: { id: string; message?: string }) =>
  message ? (
    <Text as="p" id={id} size="1" color="red">
      {message}
    </Text>
  ) : null;

/** The required-field asterisk of the kit's labels; screen readers hear aria-required instead. */
export const RequiredMark = () => (
  <Text color="red" aria-hidden="true" ml="1">
    *
  </Text>
);
