import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Callout, Flex, Link } from '@entry/ui';
import { dismissalCookie, isBannerDismissed, isSupportedBrowser } from './browser-support.ts';

const noSubscription = () => () => undefined;

/** SPEC section 4: shown to an unsupported browser until dismissed (for a week). */
export const BrowserBanner = () => {
  const { t } = useTranslation('shell');
  // The browser and its cookie: read after hydration, as the server knows neither.
  const unsupported = useSyncExternalStore(noSubscription, () => !isSupportedBrowser(navigator.userAgent) && !isBannerDismissed(document.cookie), () => false);
  const [dismissed, setDismissed] = useState(false);
  if (!unsupported || dismissed) return null;
  return (
    <Callout.Root color="amber" role="region" aria-label={t('browserBanner.label')} className="shell-browser-banner">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Callout.Text>
          {t('browserBanner.body')}{' '}
          <Link asChild underline="always">
            <RouterLink to={getHref('browserSupport')}>{t('browserBanner.link')}</RouterLink>
          </Link>
        </Callout.Text>
        <Button
          variant="soft"
          color="amber"
          onClick={() => {
            document.cookie = dismissalCookie();
            setDismissed(true);
          }}
        >
          {t('browserBanner.dismiss')}
        </Button>
      </Flex>
    </Callout.Root>
  );
};
