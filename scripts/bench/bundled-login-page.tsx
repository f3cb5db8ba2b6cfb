/** Renders /public/login of the bundled build once, at build time: the page the bench serves. */
import { renderToString } from 'react-dom/server';
// The static router renders on the server alone.
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { addTranslations } from '@entry/i18n';
import { BASE_PATH } from '@entry/routes';
import { App } from '../../shell/src/app/app.tsx';
import { appRoutes } from '../../shell/src/app/routes.tsx';
import { useConsentStore } from '../../shell/src/features/consent/consent-store.ts';
import { shellTexts } from '../../shell/src/locales/en-gb.ts';
import { bundledLoader, BUNDLED_SITE, BUNDLED_VISITOR } from './bundled-loader.ts';

addTranslations('shell', shellTexts);

export const renderLogin = async (origin: string): Promise<string> => {
  const handler = createStaticHandler(appRoutes, { basename: BASE_PATH });
  const context = await handler.query(new Request(`${origin}${BASE_PATH}/login`));
  if (context instanceof Response) throw new Error('the login route redirected');
  // The cookie banner as the federated page is composed with it for the bench's visitor.
  useConsentStore.setState(BUNDLED_VISITOR);
  return renderToString(
    <App loader={bundledLoader} site={{ ...BUNDLED_SITE, origin }}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </App>,
  );
};
