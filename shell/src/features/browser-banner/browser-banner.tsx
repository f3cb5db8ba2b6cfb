import { useState } from 'react';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Flex, Link, StatusMessage, StatusText, useBrowserValue } from '@entry/ui';
import { dismissalCookie, isBannerDismissed, isSupportedBrowser } from './browser-support.ts';

/** SPEC section 4: shown to an unsupported browser until dismissed (for a week). */
export const BrowserBanner = () => {
  const { t } = useTranslation('shell');
  // Browser and cookie are the browser's to tell: a page rendered on the server starts without the banner.
  const wanted = useBrowserValue(() => !isSupportedBrowser(navigator.userAgent) && !isBannerDismissed(document.cookie), false);
  const [dismissed, setDismissed] = useState(false);
  if (!wanted || dismissed) return null;
  return (
    <StatusMessage tone="warning" role="region" aria-label={t('browserBanner.label')} className="shell-browser-banner">
      <StatusText>
        {t('browserBanner.body')}{' '}
        <Link asChild underline="always">
          <RouterLink to={getHref('browserSupport')}>{t('browserBanner.link')}</RouterLink>
        </Link>
      </StatusText>
      <Flex>
        <Button
          variant="soft"
          color="gray"
          highContrast
          onClick={() => {
            document.cookie = dismissalCookie();
            setDismissed(true);
          }}
        >
          {t('browserBanner.dismiss')}
        </Button>
      </Flex>
    </StatusMessage>
  );
};
