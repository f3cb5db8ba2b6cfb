import { useTranslation } from '@entry/i18n';
import { PageHeader } from '@entry/ui';
import { SupportedBrowsers } from './supported-browsers.tsx';
import './pages.css';

export const BrowserSupportPage = () => {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('pages.browserSupport.title')} heading={t('pages.browserSupport.heading')}>
        {t('pages.browserSupport.lead')}
      </PageHeader>
      <SupportedBrowsers />
    </>
  );
};
