import { useTranslation } from '@entry/i18n';
import { Box, Button, Flex, Separator, Text, useBrand } from '@entry/ui';
import { useConsentStore } from '../consent/consent-store.ts';

/** The page's foot: in the atom brand, the way back to the cookie choices once the banner is gone. */
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
            {t(`brand.${brand}`)}
          </Text>
          {brand === 'atom' && (
            <Button variant="ghost" size="1" onClick={() => openPreferences(true)}>
              {t('footer.cookies')}
            </Button>
          )}
        </Flex>
      </footer>
    </Box>
  );
};
