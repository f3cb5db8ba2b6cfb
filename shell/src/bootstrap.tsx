import { createRoot } from 'react-dom/client';
import { configureApi, getCurrentUser } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { addTranslations, onMissingKey } from '@entry/i18n';
import { initTelemetry, reportMissingTranslation } from '@entry/telemetry';
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
configureApi({ releaseId: env.releaseId });
onMissingKey(reportMissingTranslation);
void initTelemetry({ dsn: env.sentryDsn, environment: env.environment, release: env.releaseId });
// The public app works signed out; a session, when there is one, is picked up here.
getCurrentUser().then(
  (user) => useAuthStore.getState().setSession(user),
  () => useAuthStore.getState().clearSession(),
);

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
