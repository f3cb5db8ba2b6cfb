import { useTranslation } from '@entry/i18n';
import { Text } from '@entry/ui';
import './layout.css';
import { usePasswordStrength } from '@entry/account-kit';

/**
 * The live verdict under a password field. The status region is always there, so screen readers
 * hear each new verdict.
 */
export const PasswordStrengthStatus = ({ password }: { password: string }) => {
  const { t } = useTranslation('registration');
  const strength = usePasswordStrength(password);
  return (
    <Text as="p" size="2" role="status" className="registration-status" color={strength ? (strength.weak ? 'red' : 'teal') : 'gray'}>
      {strength && t(strength.weak ? 'password.weak' : 'password.strong')}
      {strength && strength.feedback.length > 0 && ` ${strength.feedback.join(' ')}`}
    </Text>
  );
};
