import { useTranslation } from '@entry/i18n';
import './locales.ts';
import { PageHeader } from './page-header.tsx';

/**
 * A screen whose content belongs to a later issue: its real title and heading from the owner's
 * namespace (`<screen>.title`, `<screen>.heading`) and the shared "being built" line. The README
 * lists every screen that still uses it.
 */
export const PendingScreen = ({ namespace, screen }: { namespace: string; screen: string }) => {
  const { t } = useTranslation(namespace);
  return (
    <PageHeader title={t(`${screen}.title`)} heading={t(`${screen}.heading`)}>
      {t('pending', { ns: 'ui' })}
    </PageHeader>
  );
};
