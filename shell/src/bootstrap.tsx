import { createRoot } from 'react-dom/client';
import { configureApi, getCurrentUser } from '@entry/api';
import type { RemoteName } from '@entry/routes';
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
import { readFailedVersions, type FailedVersions } from './features/remotes/failed-versions.ts';
import { failureReporter } from './features/remotes/failure-reports.ts';
import { guardedReload } from './features/remotes/recovery-reload.ts';
import { readOverrides } from './features/remotes/remote-overrides.ts';
import { fetchRemoteRegistry, resolveRemotes, runsCanary, type RemoteRegistry } from './features/remotes/remote-registry.ts';
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

const visitorId = visitorIdFrom(storage('localStorage'), () => crypto.randomUUID());

/** The registry as the server has it now, with any developer overrides. */
const fetchRegistry = async () => {
  const { document, url } = await fetchRemoteRegistry(env.registryUrl);
  const overrides = env.remoteOverrides
    ? { ...document.overrides, ...readOverrides(location.search, storage('sessionStorage'), console.warn) }
    : {};
  return { document, url, overrides };
};

/** The versions this visitor gets from a registry: its canaries by bucket, and `failed` ones' fallbacks. */
const resolveFor = ({ document, url, overrides }: Awaited<ReturnType<typeof fetchRegistry>>, failed: FailedVersions) =>
  resolveRemotes(document, { registryUrl: url, visitorId, overrides, failed });

/**
 * A version this tab needs is missing: when the registry names other versions for the remote now (they
 * were moved and the old ones deleted while the tab was open), the tab reloads into them, once for each.
 * This tab's own failures are left out of the comparison: they change what it picks, not the registry.
 */
const reloadIfRegistryMoved = (started: Awaited<ReturnType<typeof fetchRegistry>>) => async (remote: RemoteName) => {
  try {
    const now = resolveFor(await fetchRegistry(), {})[remote];
    const then = resolveFor(started, {})[remote];
    if (now.version === then.version && now.fallback?.version === then.fallback?.version) return false;
    return guardedReload(storage('sessionStorage'), `${remote}@${now.version}`, () => location.reload());
  } catch {
    return false;
  }
};

const fetched = fetchRegistry();
const loadRegistry = async (): Promise<RemoteRegistry> => resolveFor(await fetched, readFailedVersions(storage('sessionStorage')));

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
    const remotes = await registry;
    const session = storage('sessionStorage');
    const loader = createFederationRemoteLoader(remotes, {
      ...failureReporter({ registry: remotes, session, visitorId }),
      onMissing: reloadIfRegistryMoved(await fetched),
      reloadInto: (remote, version) => guardedReload(session, `${remote}@${version}`, () => location.reload()),
    });
    root.render(<App loader={loader} router={createAppRouter()} />);
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
