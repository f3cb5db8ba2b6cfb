import { getHref, Link as RouterLink } from '@entry/routes';
import { Link, Text, useFormContext } from '@entry/ui';
import { useRegistrationTranslation } from './use-registration-translation.ts';

/** The error type of "Your email address is already registered with us", so the form can offer the ways on. */
export const EMAIL_TAKEN = 'emailTaken';

/** The error type for a field the server refused: the taken email keeps a type of its own. */
export const serverErrorType = (key: string | undefined) => (key === 'errors.emailTaken' ? EMAIL_TAKEN : 'server');

/**
 * Under an email the server says is registered already: the way to that account instead, by logging
 * in or by resetting its password, with the address carried along. Shown while the error stands.
 */
export const EmailTakenNextSteps = ({ name }: { name: string }) => {
  const { t } = useRegistrationTranslation();
  const form = useFormContext();
  const error = form.formState.errors[name];
  const email = String(form.watch(name) ?? '').trim();
  if (error?.type !== EMAIL_TAKEN) return null;
  return (
    <Text as="p" size="2">
      {t('errors.emailTakenNext')}{' '}
      <Link asChild underline="always">
        <RouterLink to={getHref('login')} state={{ email }}>
          {t('errors.emailTakenLogIn')}
        </RouterLink>
      </Link>{' '}
      {t('errors.emailTakenOr')}{' '}
      <Link asChild underline="always">
        <RouterLink to={getHref('forgotten')} state={{ email }}>
          {t('errors.emailTakenReset')}
        </RouterLink>
      </Link>
      .
    </Text>
  );
};
