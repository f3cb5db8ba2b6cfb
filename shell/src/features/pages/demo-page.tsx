import { useAuthStore } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { AudienceIllustration, Button, Card, Flex, Heading, PageHeader, Text, useBrand } from '@entry/ui';
import { DemoSample } from './demo-sample.tsx';
import './pages.css';

const FEATURES = ['practice', 'mockTests', 'lessons', 'assessments', 'journey', 'reports'] as const;

/** The ways in for a visitor; someone signed in already is offered the way back to their account. */
const WaysIn = () => {
  const { t } = useTranslation('shell');
  const signedIn = useAuthStore((state) => state.user !== null);
  if (signedIn) {
    return (
      <Flex gap="3" mt="5" wrap="wrap">
        {/* The signed-in apps live outside /public: a full page load, as the top bar's account link. */}
        <Button asChild size="3">
          <a href="/" target="_self">
            {t('pages.demo.toAccount')}
          </a>
        </Button>
      </Flex>
    );
  }
  return (
    <Flex gap="3" mt="5" wrap="wrap">
      <Button asChild size="3">
        <RouterLink to={getHref('register')}>{t('pages.demo.signUp')}</RouterLink>
      </Button>
      <Button asChild size="3" variant="soft">
        <RouterLink to={getHref('login')}>{t('pages.demo.logIn')}</RouterLink>
      </Button>
    </Flex>
  );
};

/** `/demo`: a taster question to try, guided, then what the platform offers and the ways in. */
export const DemoPage = () => {
  const { t } = useTranslation('shell');
  const quest = useBrand() === 'quest';
  return (
    <>
      <PageHeader
        title={t('pages.demo.title')}
        heading={t('pages.demo.heading')}
        picture={<AudienceIllustration audience={quest ? 'questAdmissions' : 'student'} size={112} />}
      >
        {t('pages.demo.lead')}
      </PageHeader>
      <DemoSample />
      <Heading as="h2" size="6" mt="7" mb="3">
        {t('pages.demo.featuresHeading')}
      </Heading>
      <ul className="shell-feature-grid">
        {FEATURES.map((key) => (
          <li key={key}>
            <Card size="2">
              <Heading as="h3" size="4" mb="1">
                {t(`pages.demo.features.${key}.title`)}
              </Heading>
              <Text as="p" size="2" color="gray">
                {t(`pages.demo.features.${key}.body`)}
              </Text>
            </Card>
          </li>
        ))}
      </ul>
      <WaysIn />
    </>
  );
};
