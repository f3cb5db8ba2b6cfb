import { createRoot } from 'react-dom/client';
import { addTranslations } from '@entry/i18n';
import { probeSingletons } from '@entry/singleton-probe';
import { AppProviders } from '@entry/ui';
import { App, createAppRouter } from './app/app.tsx';
import { env } from './app/env.ts';
import { FullPageError } from './features/errors/full-page-error.tsx';
import { createFederationRemoteLoader } from './features/remotes/remote-loader.ts';
import { fetchRemoteRegistry } from './features/remotes/remote-registry.ts';
import { shellTexts } from './locales/en-gb.ts';

addTranslations('shell', shellTexts);
probeSingletons('shell');

const root = createRoot(document.getElementById('root') as HTMLElement);

const start = async () => {
  try {
    const registry = await fetchRemoteRegistry(env.registryUrl);
    root.render(<App loader={createFederationRemoteLoader(registry)} router={createAppRouter()} />);
  } catch (error) {
    // Without the registry no remote can be found: say so plainly rather than show half a site.
    console.error(error);
    root.render(
      <AppProviders brand={env.brand}>
        <FullPageError />
      </AppProviders>,
    );
  }
};

void start();
