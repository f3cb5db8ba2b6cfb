import type { ReactNode } from 'react';
import { I18nextProvider, i18n } from '@entry/i18n';
import { AlertDialogHost } from './alert-dialog-host.tsx';
import { BrandTheme, type Brand } from './brand-theme.tsx';
import { Toasts } from './toasts.tsx';

/**
 * What every screen needs around it, in the shell and in a remote running alone: with the one toast
 * host and alert dialog host of the page here, `notify` and `alertDialog` work from any screen.
 */
export const AppProviders = ({ brand, children }: { brand: Brand; children: ReactNode }) => (
  <I18nextProvider i18n={i18n}>
    <BrandTheme brand={brand}>
      {children}
      <Toasts />
      <AlertDialogHost />
    </BrandTheme>
  </I18nextProvider>
);
