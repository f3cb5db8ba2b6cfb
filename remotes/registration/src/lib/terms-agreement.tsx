import type { ReactNode } from 'react';
import { Trans } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Link, Text } from '@entry/ui';
import { useRegistrationTranslation } from './use-registration-translation.ts';

/** One of the documents, in a new tab: leaving the form would forget its passwords. */
const DocumentLink = ({ route, children }: { route: 'terms' | 'privacy'; children?: ReactNode }) => {
  const { t } = useRegistrationTranslation();
  return (
    <Link asChild underline="always">
      <RouterLink to={getHref(route)} target="_blank" rel="noopener" aria-description={t('terms.newTab')}>
        {children}
      </RouterLink>
    </Link>
  );
};

/** "By creating an account you agree to the Terms and the Privacy notice", beside the button that creates it. */
export const TermsAgreement = () => {
  const { t } = useRegistrationTranslation();
  return (
    <Text as="p" size="2">
      <Trans t={t} i18nKey="terms.agreement" components={{ terms: <DocumentLink route="terms" />, privacy: <DocumentLink route="privacy" /> }} />
    </Text>
  );
};
