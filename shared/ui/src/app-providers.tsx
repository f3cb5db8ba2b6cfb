import type { ReactNode } from 'react';
import { I18nextProvider, i18n } from '@entry/i18n';
import { BrandTheme, type Brand } from './brand-theme.tsx';

/** What every screen needs around it, in the shell and in a remote running alone. */
export const AppProviders = ({ brand, children }: { brand: Brand; children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <BrandTheme brand={brand}>{children}</BrandTheme>
  </I18nextProvider>
);
