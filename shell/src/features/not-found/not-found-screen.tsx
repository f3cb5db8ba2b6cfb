import { getHref, Link as RouterLink } from '@entry/routes';
import { useAuthStore } from '@entry/auth';
import { useFlagsReady } from '@entry/flags';
import { useTranslation } from '@entry/i18n';
import { audienceOf, AudienceIllustration, Button, Flex, Heading, PageTitle, Spinner, Text, useBrand } from '@entry/ui';

/**
 * SPEC section 2's not-found screen, with the ways in: home, log in and (atom) sign up; someone signed
 * in is in already, and gets the way home only.
 */
export const NotFoundScreen = () => {
  const { t } = useTranslation('shell');
  // The page's brand, so that a preview reviewer who switches theme sees that brand's lines.
  const brand = useBrand();
  const base = useAuthStore((state) => state.user?.base ?? 'public');
  const signedIn = useAuthStore((state) => state.user !== null);
  // SPEC section 2: the screen waits until feature flags are ready (they settle even when down).
  if (!useFlagsReady()) return <Spinner aria-label={t('loading')} />;
  const audience = audienceOf(brand, base);
  return (
    <Flex direction="column" gap="4" align="center" py="7">
      <AudienceIllustration audience={audience} size={160} />
      <PageTitle page={t('notFound.title')} />
      <Heading as="h1" size="8" align="center" tabIndex={-1} className="ui-page-heading">
        {t('notFound.title')}
      </Heading>
      <Text as="p" size="4" align="center">
        {t(`notFound.audience.${audience}`)}
      </Text>
      <Flex gap="3" wrap="wrap" justify="center" asChild>
        <nav aria-label={t('notFound.waysIn')}>
          <Button asChild size="3">
            <RouterLink to={getHref('home')}>{t('notFound.home')}</RouterLink>
          </Button>
          {!signedIn && (
            <Button asChild size="3" variant="outline">
              <RouterLink to={getHref('login')}>{t('notFound.logIn')}</RouterLink>
            </Button>
          )}
          {/* Families sign themselves up; quest's schools are set up with them. */}
          {brand === 'atom' && !signedIn && (
            <Button asChild size="3" variant="outline">
              <RouterLink to={getHref('register')}>{t('notFound.signUp')}</RouterLink>
            </Button>
          )}
        </nav>
      </Flex>
    </Flex>
  );
};
