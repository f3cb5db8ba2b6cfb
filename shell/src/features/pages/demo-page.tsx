import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Card, Flex, Heading, PageHeader, Text } from '@entry/ui';
import './pages.css';

const FEATURES = ['practice', 'mockTests', 'lessons', 'assessments', 'journey', 'reports'] as const;

export const DemoPage = () => {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('pages.demo.title')} heading={t('pages.demo.heading')}>
        {t('pages.demo.lead')}
      </PageHeader>
      <div className="shell-feature-grid">
        {FEATURES.map((key) => (
          <Card key={key} size="2">
            <Heading as="h2" size="4" mb="1">
              {t(`pages.demo.features.${key}.title`)}
            </Heading>
            <Text as="p" size="2" color="gray">
              {t(`pages.demo.features.${key}.body`)}
            </Text>
          </Card>
        ))}
      </div>
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
