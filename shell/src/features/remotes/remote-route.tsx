import { Suspense, use, useEffect, useMemo, useState, type ComponentType } from 'react';
import { isPageMissing, type RemoteName, type RemoteScreens, type RouteIdOwnedBy } from '@entry/routes';
import { useTranslation } from '@entry/i18n';
import { Flex, Spinner, Text } from '@entry/ui';
import { ErrorBoundary } from '../errors/error-boundary.tsx';
import { Whoops } from '../errors/whoops.tsx';
import { useRemoteLoader } from './remote-loader-context.ts';
import { reportDuplicateSingletons } from './singleton-guard.ts';

type Props<R extends RemoteName> = { remote: R; routeId: RouteIdOwnedBy<R> };

const Loading = () => {
  const { t } = useTranslation('shell');
  return (
    <Flex align="center" gap="2" py="6" role="status">
      <Spinner />
      <Text>{t('loading')}</Text>
    </Flex>
  );
};

const Screen = <R extends RemoteName>({ module, routeId }: { module: Promise<RemoteScreens<R>> } & Pick<Props<R>, 'routeId'>) => {
  const { screens } = use(module);
  const RemoteScreen: ComponentType = screens[routeId];
  return <RemoteScreen />;
};

/**
 * A failure below the route: the loader may recover by moving the tab onto other versions (a reload);
 * until it says it will not, the visitor sees the loading state rather than an error.
 */
const Failed = <R extends RemoteName>({ remote, error, onRetry }: { remote: R; error: unknown; onRetry: () => void }) => {
  const loader = useRemoteLoader();
  // Asked once per failure: the boundary keeps this element until the visitor retries.
  const [recovering] = useState(() => loader.recoverFromCrash(remote, error));
  return (
    <Suspense fallback={<Loading />}>
      <RecoveryOutcome recovering={recovering} onRetry={onRetry} />
    </Suspense>
  );
};

const RecoveryOutcome = ({ recovering, onRetry }: { recovering: Promise<boolean>; onRetry: () => void }) =>
  use(recovering) ? <Loading /> : <Whoops onRetry={onRetry} />;

/**
 * One route's screen from its remote. A settled promise keeps its rejection for good, so a retry
 * asks the loader again; the promise is held above the Suspense boundary so a suspended render
 * does not lose it.
 */
export const RemoteRoute = <R extends RemoteName>({ remote, routeId }: Props<R>) => {
  const loader = useRemoteLoader();
  const [attempt, setAttempt] = useState(0);
  // The loader's own promise, read as it is: already loaded (server, hydration), it renders at once.
  const module = useMemo(
    () => loader.loadScreens(remote),
    // `attempt` is the point: a retry must start a fresh load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loader, remote, attempt],
  );
  useEffect(() => {
    module.then(reportDuplicateSingletons, () => undefined);
  }, [module]);
  return (
    <ErrorBoundary
      key={attempt}
      fallback={(error) => {
        // An address that names nothing is no fault of the remote: the route's error element shows not-found.
        if (isPageMissing(error)) throw error;
        return <Failed remote={remote} error={error} onRetry={() => setAttempt((count) => count + 1)} />;
      }}
    >
      <Suspense fallback={<Loading />}>
        <Screen module={module} routeId={routeId} />
      </Suspense>
    </ErrorBoundary>
  );
};
