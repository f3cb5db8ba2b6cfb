import { useId } from 'react';
import { useTranslation } from '@entry/i18n';
import { Button, Heading, Text } from '@entry/ui';

type Props = { onAcceptAll: () => void; onRejectAll: () => void; onPreferences: () => void };

/** Not a modal: the page stays usable. Reject is as easy and as prominent as accept. */
export const ConsentBanner = ({ onAcceptAll, onRejectAll, onPreferences }: Props) => {
  const { t } = useTranslation('consent');
  const titleId = useId();
  return (
    <section className="consent-banner" aria-labelledby={titleId}>
      <div className="consent-banner-text">
        <Heading as="h2" size="3" id={titleId}>
          {t('banner.title')}
        </Heading>
        <Text as="p" size="2">
          {t('banner.body')}
        </Text>
      </div>
      <div className="consent-banner-actions">
        <Button variant="soft" onClick={onPreferences}>
          {t('banner.preferences')}
        </Button>
        <Button onClick={onRejectAll}>{t('banner.rejectAll')}</Button>
        <Button onClick={onAcceptAll}>{t('banner.acceptAll')}</Button>
      </div>
    </section>
  );
};
