import { useTranslation } from '@entry/i18n';
import { Heading, PageHeader, Text } from '@entry/ui';
import { SupportedBrowsers } from './supported-browsers.tsx';
import './pages.css';

const REQUIREMENTS = ['javascript', 'cookies', 'connection', 'screen', 'sound'] as const;

export const TechnicalRequirementsPage = () => {
  const { t } = useTranslation('shell');
  return (
    <>
      <PageHeader title={t('pages.technicalRequirements.title')} heading={t('pages.technicalRequirements.heading')}>
        {t('pages.technicalRequirements.lead')}
      </PageHeader>
      <Heading as="h2" size="5" mb="3">
        {t('pages.technicalRequirements.devices')}
      </Heading>
      <ul className="shell-list">
        {REQUIREMENTS.map((key) => (
          <li key={key}>
            <Text>{t(`pages.technicalRequirements.items.${key}`)}</Text>
          </li>
        ))}
      </ul>
      <Heading as="h2" size="5" my="3">
        {t('pages.technicalRequirements.browsers')}
      </Heading>
      <SupportedBrowsers />
    </>
  );
};
