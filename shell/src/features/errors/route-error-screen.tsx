import { getHref, isPageMissing, isRouteErrorResponse, Link as RouterLink, useRouteError } from '@entry/routes';
import { Button, Flex, Heading, PageTitle, Text } from '@entry/ui';
import { useTranslation } from '@entry/i18n';
import { NotFoundScreen } from '../not-found/not-found-screen.tsx';
import { FullPageError } from './full-page-error.tsx';

/** A router answer other than 404 (400 for a malformed link, 405): what the visitor can do, in the site's words. */
const BadAddress = () => {
  const { t } = useTranslation('shell');
  return (
    <Flex direction="column" gap="4" align="start" py="6">
      <PageTitle page={t('errors.badAddress.title')} />
      <Heading as="h1" size="8" tabIndex={-1} className="ui-page-heading">
        {t('errors.badAddress.title')}
      </Heading>
      <Text as="p" size="4">
        {t('errors.badAddress.body')}
      </Text>
      <Flex gap="3" wrap="wrap">
        <Button asChild size="3">
          <RouterLink to={getHref('home')}>{t('errors.badAddress.home')}</RouterLink>
        </Button>
        <Button asChild size="3" variant="outline">
          <RouterLink to={getHref('login')}>{t('errors.badAddress.logIn')}</RouterLink>
        </Button>
      </Flex>
    </Flex>
  );
};

/**
 * Every route's error element, inside the site's frame: an address that names nothing (a 404 from the
 * router or a screen's PageNotFound) is the not-found screen; another router answer says the link does
 * not work; a thrown error is the full-page error. Never the router's own developer screen.
 */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  if (isPageMissing(error)) return <NotFoundScreen />;
  if (isRouteErrorResponse(error)) return <BadAddress />;
  return <FullPageError within="layout" />;
};

/** The error element of the frame itself (the layout failed): the full-page error alone. */
export const LayoutErrorScreen = () => <FullPageError within="page" />;
