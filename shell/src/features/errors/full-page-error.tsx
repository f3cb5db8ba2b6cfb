import { Button, Container, Flex, Heading, Text } from '@entry/ui';
import { useTranslation } from '@entry/i18n';

/** The full-page error, for when the shell itself cannot go on. */
export const FullPageError = () => {
  const { t } = useTranslation('shell');
  return (
    <Container size="2" p="6">
      <title>{t('errors.fullPage.title')}</title>
      <Flex direction="column" gap="4" align="start" role="alert" asChild>
        <main>
          <Heading as="h1" size="7">
            {t('errors.fullPage.title')}
          </Heading>
          <Text as="p">{t('errors.fullPage.body')}</Text>
          <Button onClick={() => window.location.reload()}>{t('errors.fullPage.retry')}</Button>
        </main>
      </Flex>
    </Container>
  );
};
