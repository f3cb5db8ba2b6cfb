import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { AudienceIllustration, Button, Card, Flex, Heading, PageHeader, Text, useBrand } from '@entry/ui';
import { DemoSample } from './demo-sample.tsx';
import './pages.css';

const FEATURES = ['practice', 'mockTests', 'lessons', 'assessments', 'journey', 'reports'] as const;

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
      <Flex gap="3" mt="5" wrap="wrap">
        <Button asChild size="3">
          <RouterLink to={getHref('register')}>{t('pages.demo.signUp')}</RouterLink>
        </Button>
        <Button asChild size="3" variant="soft">
          <RouterLink to={getHref('login')}>{t('pages.demo.logIn')}</RouterLink>
        </Button>
      </Flex>
    </>
  );
};
