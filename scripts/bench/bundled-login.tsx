/**
 * The login screen bundled without federation, for `npm run bench` (issue 14): the shell's frame and
 * the login remote's screens in one ordinary build, hydrating a page rendered from the same tree, so
 * that beside the federated site the figures show what federation itself costs.
 */
import { hydrateRoot } from 'react-dom/client';
import { startTransition } from 'react';
import { RouterProvider } from '@entry/routes';
import { App, createAppRouter } from '../../shell/src/app/app.tsx';
import { shellTexts } from '../../shell/src/locales/en-gb.ts';
import { addTranslations } from '@entry/i18n';
import { useConsentStore } from '../../shell/src/features/consent/consent-store.ts';
import { bundledLoader, BUNDLED_SITE, BUNDLED_VISITOR } from './bundled-loader.ts';

addTranslations('shell', shellTexts);
useConsentStore.getState().resume(BUNDLED_VISITOR);

startTransition(() => {
  hydrateRoot(
    document.getElementById('root') as HTMLElement,
    <App loader={bundledLoader} site={{ ...BUNDLED_SITE, origin: location.origin }}>
      <RouterProvider router={createAppRouter()} />
    </App>,
  );
});
