import { useTranslation } from '@entry/i18n';
import { useBrand } from './brand-theme.tsx';
import './locales.ts';

/** The brand's name as visitors know it ("Atom Learning", "Atom Quest"). */
export const useBrandName = (): string => {
  const { t } = useTranslation('ui');
  return t(`brand.${useBrand()}`);
};

/** The document title of a screen, "<page> · <brand>", so that a tab and the history name both. */
export const PageTitle = ({ page }: { page: string }) => {
  const { t } = useTranslation('ui');
  return <title>{t('pageTitle', { page, brand: useBrandName() })}</title>;
};
