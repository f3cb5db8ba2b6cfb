import { useRegistrationTranslation } from '../../lib/use-registration-translation.ts';
import { getHref, Link as RouterLink, useLocation } from '@entry/routes';
import { AudienceIllustration, Button, Card, Flex, Heading, Link, PageHeader, Text, type Audience } from '@entry/ui';
import { localeParam, type RegistrationLocale } from '../../lib/country.ts';
import { CountryChoice } from '../../lib/country-choice.tsx';
import '../../lib/layout.css';
import { UnknownLocale } from '../../lib/unknown-locale.tsx';
import { useCountryRules, useDefaultLocale } from '../../lib/use-country-rules.ts';

type Choice = { route: 'registerParent' | 'registerTutor'; name: 'parent' | 'tutor'; audience: Audience };
// A tutor's picture is the pupil they teach. Both brands tell the two ways in apart by their pictures.
const CHOICES: Choice[] = [
  { route: 'registerParent', name: 'parent', audience: 'parent' },
  { route: 'registerTutor', name: 'tutor', audience: 'student' },
];

const ChoiceCard = ({ choice, locale, search }: { choice: Choice; locale: RegistrationLocale; search: string }) => {
  const { t } = useRegistrationTranslation();
  const fallback = useDefaultLocale();
  return (
    <Card size="3">
      <Flex direction="column" gap="3" align="start" height="100%">
        <AudienceIllustration audience={choice.audience} size={88} />
        <Heading as="h2" size="5">
          {t(`register.${choice.name}Heading`)}
        </Heading>
        <Text as="p" size="2" color="gray">
          {t(`register.${choice.name}Body`)}
        </Text>
        <Button asChild size="3" className="registration-card-action">
          <RouterLink to={`${getHref(choice.route, { locale: localeParam(locale, fallback) })}${search}`}>{t(`register.${choice.name}Action`)}</RouterLink>
        </Button>
      </Flex>
    </Card>
  );
};

/** `/register/:locale?`: parent or tutor, for the country of the locale (without one, where the visitor is). */
export const RegisterScreen = () => {
  const { t } = useRegistrationTranslation();
  const rules = useCountryRules();
  // A redirect the visitor came with goes along to whichever sign-up they choose.
  const { search } = useLocation();
  return (
    <Flex direction="column" gap="5">
      <PageHeader title={t('register.title')} heading={t('register.heading')}>
        {rules && t('register.lead')}
      </PageHeader>
      {rules ? (
        <>
          <CountryChoice rules={rules} route="register" />
          <div className="registration-cards">
            {CHOICES.map((choice) => (
              <ChoiceCard key={choice.name} choice={choice} locale={rules.locale} search={search} />
            ))}
          </div>
        </>
      ) : (
        <UnknownLocale route="register" />
      )}
      <Text as="p" size="2">
        {t('register.haveAccount')}{' '}
        <Link asChild underline="always">
          <RouterLink to={`${getHref('login')}${search}`}>{t('register.logIn')}</RouterLink>
        </Link>
      </Text>
    </Flex>
  );
};
