import { useId } from 'react';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Flex, Heading, Link, Text, useBrowserValue } from '@entry/ui';

type Props = { onAcceptAll: () => void; onRejectAll: () => void; onPreferences: () => void };

/** Not a modal: the page stays usable. Reject is as easy and as prominent as accept. */
export const ConsentBanner = ({ onAcceptAll, onRejectAll, onPreferences }: Props) => {
  const { t } = useTranslation('consent');
  const titleId = useId();
  // Composed on the server, the banner shows before the page's scripts run: its buttons wait for them.
  const running = useBrowserValue(() => true, false);
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <div className="consent-banner-text">
        <Heading as="h2" size="3" id={titleId}>
          {t('banner.title')}
        </Heading>
        <Text as="p" size="2">
          {t('banner.body')}
        </Text>
        <Flex asChild gap="3" wrap="wrap">
          <Text as="p" size="2">
            <Link asChild underline="always">
              <RouterLink to={getHref('privacy')}>{t('banner.privacy')}</RouterLink>
            </Link>
            <Link asChild underline="always">
              <RouterLink to={getHref('terms')}>{t('banner.terms')}</RouterLink>
            </Link>
          </Text>
        </Flex>
      </div>
      <div className="consent-banner-actions">
        <Button variant="soft" disabled={!running} onClick={onPreferences}>
          {t('banner.preferences')}
        </Button>
        <Button disabled={!running} onClick={onRejectAll}>{t('banner.rejectAll')}</Button>
        <Button disabled={!running} onClick={onAcceptAll}>{t('banner.acceptAll')}</Button>
      </div>
    </section>
  );
};
