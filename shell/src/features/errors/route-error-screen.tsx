import { isRouteErrorResponse, useRouteError } from '@entry/routes';
import { Container, Flex, Heading, PageTitle, Text } from '@entry/ui';
import { useTranslation } from '@entry/i18n';
import { FullPageError } from './full-page-error.tsx';

/**
 * The router's error element: a router answer (400 invalid request, 405 method without handler) is
 * the router's own error screen; a thrown error is the full-page one. Unknown paths never get here:
 * the catch-all route shows the not-found screen inside the layout.
 */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  if (!isRouteErrorResponse(error)) return <FullPageError />;
  return (
    <Container size="2" p="6">
      <PageTitle page={t('errors.router.title')} />
      <Flex direction="column" gap="3" role="alert" asChild>
        <main>
          <Heading as="h1">{t('errors.router.title')}</Heading>
          <Text as="p">{t('errors.router.status', { status: error.status, statusText: error.statusText })}</Text>
        </main>
      </Flex>
    </Container>
  );
};
