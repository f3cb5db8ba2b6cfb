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
import { visitorIdFrom } from './features/remotes/canary.ts';
import { readFailedVersions } from './features/remotes/failed-versions.ts';
import { readOverrides } from './features/remotes/remote-overrides.ts';
import { fetchRemoteRegistry, resolveRemotes, runsCanary } from './features/remotes/remote-registry.ts';
import { shellTexts } from './locales/en-gb.ts';

addTranslations('shell', shellTexts);
probeSingletons('shell');
configureApi({ releaseId: env.releaseId });
onMissingKey(reportMissingTranslation);
void initTelemetry({ dsn: env.sentryDsn, environment: env.environment, release: env.releaseId });

const storage = (name: 'localStorage' | 'sessionStorage'): Storage | undefined => {
  try {
    return window[name];
  } catch {
    return undefined;
  }
};

/** The versions this visitor runs: the registry's, its canaries by bucket, and any developer overrides. */
const loadRegistry = async () => {
  const { document: registry, url } = await fetchRemoteRegistry(env.registryUrl);
  const overrides = env.remoteOverrides
    ? { ...registry.overrides, ...readOverrides(location.search, storage('sessionStorage'), console.warn) }
    : {};
  const visitorId = visitorIdFrom(storage('localStorage'), () => crypto.randomUUID());
  return resolveRemotes(registry, { registryUrl: url, visitorId, overrides, failed: readFailedVersions(storage('sessionStorage')) });
};

const registry = loadRegistry();
// The public app works signed out; a session, when there is one, is picked up here. It waits for the
// registry so that its call already carries the canary flag.
void registry
  .then((remotes) => configureApi({ releaseId: env.releaseId, canary: runsCanary(remotes) }))
  .catch(() => undefined)
  .then(() => getCurrentUser())
  .then(
    (user) => useAuthStore.getState().setCurrentUser(user),
    // A 401 has begun the logout already (SPEC section 6); any other failure leaves the visitor signed out.
    () => useAuthStore.getState().clearSession(),
  );

const root = createRoot(document.getElementById('root') as HTMLElement);

const start = async () => {
  try {
    root.render(<App loader={createFederationRemoteLoader(await registry, storage('sessionStorage'))} router={createAppRouter()} />);
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
