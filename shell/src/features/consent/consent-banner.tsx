import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '@entry/i18n';
import { getHref, Link as RouterLink } from '@entry/routes';
import { Button, Heading, Link, Text, useBrowserValue } from '@entry/ui';

type Props = { onAcceptAll: () => void; onRejectAll: () => void; onPreferences: () => void };

/** What the visitor chose from the banner, said back to them once it is saved. */
export type BannerAnswer = 'acceptAll' | 'rejectAll' | 'save';

/**
 * The first thing on the page, in its flow (as GOV.UK's): it covers nothing, and its buttons are the
 * first stops of the Tab key after the skip link, Reject all the third. Not a modal: the page stays
 * usable. Reject is as easy and as prominent as accept.
 */
export const ConsentBanner = ({ onAcceptAll, onRejectAll, onPreferences }: Props) => {
  const { t } = useTranslation('consent');
  const titleId = useId();
  // Composed on the server, the banner shows before the page's scripts run: its buttons wait for them.
  const running = useBrowserValue(() => true, false);
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <Heading as="h2" size="3" id={titleId}>
        {t('banner.title')}
      </Heading>
      <Text as="p" size="2">
        {t('banner.body')}
      </Text>
      <div className="consent-banner-actions">
        <Button disabled={!running} onClick={onAcceptAll}>
          {t('banner.acceptAll')}
        </Button>
        <Button disabled={!running} onClick={onRejectAll}>
          {t('banner.rejectAll')}
        </Button>
        <Button variant="soft" disabled={!running} onClick={onPreferences}>
          {t('banner.preferences')}
        </Button>
      </div>
      <Text as="p" size="2" className="consent-banner-links">
        <Link asChild standalone underline="always">
          <RouterLink to={getHref('privacy')}>{t('banner.privacy')}</RouterLink>
        </Link>
        <Link asChild standalone underline="always">
          <RouterLink to={getHref('terms')}>{t('banner.terms')}</RouterLink>
        </Link>
      </Text>
    </section>
  );
};

/**
 * Where the banner was, once the visitor chose: what they chose and where to change it. It takes the
 * focus from the button that is gone, so the keyboard carries on from the top of the page.
 */
export const ConsentConfirmation = ({ answer, onHide }: { answer: BannerAnswer; onHide: () => void }) => {
  const { t } = useTranslation('consent');
  const titleId = useId();
  const message = useRef<HTMLDivElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <div ref={message} tabIndex={-1} className="consent-banner-message">
        <Heading as="h2" size="3" id={titleId}>
          {t('confirmation.title')}
        </Heading>
        <Text as="p" size="2">
          {t(`confirmation.${answer}`)} {t('confirmation.change')}
        </Text>
      </div>
      <div className="consent-banner-actions">
        <Button variant="soft" onClick={onHide}>
          {t('confirmation.hide')}
        </Button>
      </div>
    </section>
  );
};
