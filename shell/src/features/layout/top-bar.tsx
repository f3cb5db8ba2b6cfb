import { getHref, NavLink } from '@entry/routes';
import { useAuthStore } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { Box, Flex, Link, Separator, Text } from '@entry/ui';
import { env } from '../../app/env.ts';

/** Brand name and the site's main links; the full top bar (logo, icons, scroll shadow) is issue 5. */
export const TopBar = () => {
  const { t } = useTranslation('shell');
  const user = useAuthStore((state) => state.user);
  return (
    <Box asChild px="4" py="3">
      <header>
        <Flex align="center" justify="between" gap="4">
          <Link asChild size="5" weight="bold" underline="none" highContrast>
            <NavLink to={getHref('home')}>{t(`brand.${env.brand}`)}</NavLink>
          </Link>
          <Flex asChild gap="4" align="center">
            <nav aria-label={t('nav.label')}>
              {user && <Text>{t('nav.signedIn', { id: user.id_user })}</Text>}
              <Link asChild>
                <NavLink to={getHref('login')}>{t('nav.logIn')}</NavLink>
              </Link>
              <Link asChild>
                <NavLink to={getHref('register')}>{t('nav.signUp')}</NavLink>
              </Link>
            </nav>
          </Flex>
        </Flex>
      </header>
    </Box>
  );
};

export const TopBarDivider = () => <Separator size="4" />;
