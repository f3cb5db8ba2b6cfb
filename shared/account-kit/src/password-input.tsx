import { useState } from 'react';
import { useTranslation } from '@entry/i18n';
import { Button, TextInput, type FieldPath, type FieldValues, type TextInputProps } from '@entry/ui';
import './locales.ts';
import './password-input.css';

export type PasswordInputProps<T extends FieldValues, N extends FieldPath<T> = FieldPath<T>> = Omit<TextInputProps<T, N>, 'type' | 'end' | 'numeric'>;

/**
 * A password field with a Show button inside it: what was typed can be read back before it is sent
 * (on a phone's keyboard especially). The button's name says what it will do: "Show password",
 * then "Hide password", and it keeps the focus.
 */
export const PasswordInput = <T extends FieldValues, N extends FieldPath<T> = FieldPath<T>>(props: PasswordInputProps<T, N>) => {
  const { t } = useTranslation('account');
  const [shown, setShown] = useState(false);
  return (
    <TextInput<T, N>
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <Button
          type="button"
          variant="ghost"
          className="password-input-toggle"
          aria-label={t(shown ? 'password.hide' : 'password.show')}
          onClick={() => setShown((now) => !now)}
        >
          {t(shown ? 'password.hideShort' : 'password.showShort')}
        </Button>
      }
    />
  );
};
