import { usePasswordStrength } from '@entry/account-kit';
import { useRegistrationTranslation } from './use-registration-translation.ts';
import { Flex, Text, TextInput, useFormContext, type FieldPath, type FieldValues } from '@entry/ui';
import { MIN_PASSWORD_LENGTH } from './passwords.ts';
import './layout.css';

/**
 * The live verdict under a password field. The status region is always there, so screen readers
 * hear each new verdict.
 */
export const PasswordStrengthStatus = ({ password }: { password: string }) => {
  const { t } = useRegistrationTranslation();
  const strength = usePasswordStrength(password);
  return (
    <Text as="p" size="2" role="status" className="registration-status" color={strength ? (strength.weak ? 'red' : 'green') : 'gray'}>
      {strength && t(strength.weak ? 'password.weak' : 'password.strong')}
      {strength && strength.feedback.length > 0 && ` ${strength.feedback.join(' ')}`}
    </Text>
  );
};

/** A new password (required, at least 8 characters) with the server's live verdict under it. */
export const NewPasswordField = <T extends FieldValues>({ name, label }: { name: FieldPath<T>; label: string }) => {
  const { t } = useRegistrationTranslation();
  const password = String(useFormContext<T>().watch(name) ?? '');
  return (
    <Flex direction="column" gap="1">
      <TextInput<T>
        name={name}
        label={label}
        type="password"
        autoComplete="new-password"
        rules={{
          required: t('errors.required'),
          minLength: { value: MIN_PASSWORD_LENGTH, message: t('password.tooShort', { count: MIN_PASSWORD_LENGTH }) },
        }}
      />
      <PasswordStrengthStatus password={password} />
    </Flex>
  );
};
