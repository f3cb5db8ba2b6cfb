import { useTranslation } from '@entry/i18n';
import { Text, useFormContext, type FieldPath, type FieldValues } from '@entry/ui';
import { PasswordInput } from './password-input.tsx';
import { MIN_PASSWORD_LENGTH, passwordVerdict } from './password-verdict.ts';
import { usePasswordStrength } from './use-password-strength.ts';
import './locales.ts';

type Props<T extends FieldValues> = {
  name: FieldPath<T>;
  label: string;
  /** The text of an empty field's error (the form's own wording); the kit's otherwise. */
  requiredMessage?: string;
};

/**
 * A new password: its rule shown before anything is typed, a Show button, and one message under it
 * at a time: the field's error when it has one, otherwise the server's verdict in one sentence (the
 * status region is always there, so screen readers hear each new verdict).
 */
export const NewPasswordField = <T extends FieldValues>({ name, label, requiredMessage }: Props<T>) => {
  const { t } = useTranslation('account');
  const { watch, getFieldState, formState } = useFormContext<T>();
  const password = String(watch(name) ?? '');
  const { error } = getFieldState(name, formState);
  const verdict = passwordVerdict(usePasswordStrength(password));
  return (
    <div>
      <PasswordInput<T>
        name={name}
        label={label}
        autoComplete="new-password"
        hint={t('password.rule', { count: MIN_PASSWORD_LENGTH })}
        rules={{
          required: requiredMessage ?? true,
          minLength: { value: MIN_PASSWORD_LENGTH, message: t('password.tooShort', { count: MIN_PASSWORD_LENGTH }) },
        }}
      />
      <Text as="p" size="2" role="status" color={verdict?.weak ? 'amber' : 'green'} className="new-password-verdict">
        {!error && verdict && (verdict.key ? t(verdict.key) : verdict.text)}
      </Text>
    </div>
  );
};
