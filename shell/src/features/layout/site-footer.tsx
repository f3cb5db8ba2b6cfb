import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Box, Flex, Link, Separator, Text, useBrand, useBrandName } from '@entry/ui';
import { useConsentStore } from '../consent/consent-store.ts';

/**
 * The page's foot: the privacy notice and terms, and in the atom brand the way back to the cookie
 * choices once the banner is gone.
 */
export const SiteFooter = () => {
  const { t } = useTranslation('shell');
  const brand = useBrand();
  const openPreferences = useConsentStore((state) => state.setPreferencesOpen);
  return (
    <Box asChild mt="6">
      <footer>
        <Separator size="4" />
        <Flex justify="between" align="center" px="4" py="3" gap="3" wrap="wrap">
          <Text size="1" color="gray">
            {useBrandName()}
          </Text>
          <Flex asChild gap="4" align="center" wrap="wrap">
            <ul className="shell-footer-links">
              <li>
                <Link asChild standalone size="1" color="gray" underline="always">
                  <RouterLink to={getHref('privacy')}>{t('footer.privacy')}</RouterLink>
                </Link>
              </li>
              <li>
                <Link asChild standalone size="1" color="gray" underline="always">
                  <RouterLink to={getHref('terms')}>{t('footer.terms')}</RouterLink>
                </Link>
              </li>
              {brand === 'atom' && (
                <li>
                  {/* A button (it opens a dialog) that reads like the links beside it. */}
                  <Link asChild standalone size="1" color="gray" underline="always">
                    <button type="button" className="shell-link-button" onClick={() => openPreferences(true)}>
                      {t('footer.cookies')}
                    </button>
                  </Link>
                </li>
              )}
            </ul>
          </Flex>
        </Flex>
      </footer>
    </Box>
  );
};
