import type { RemoteName } from '@entry/routes';
import { reportError, reportWarning } from '@entry/telemetry';
import { recordFailedVersion } from './failed-versions.ts';
import type { LoadFault } from './load-faults.ts';
import type { Fallback, RemoteLoadError } from './remote-loader.ts';
import type { RemoteRegistry } from './remote-registry.ts';

type FailureReport = { remote: RemoteName; version: string; fallback: string | null; visitor: string; canary: boolean; kind: LoadFault };

/**
 * Tells the reference server what a page loaded or could not load, for the release tooling to show and
 * weigh; nothing waits for it. Sent with keepalive: a render crash reloads the page right after.
 */
export const tellServer = (path: string, body: object) => {
  void fetch(path, {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    body: JSON.stringify(body),
  }).catch(() => undefined);
};

const reportToServer = (report: FailureReport) => tellServer('/app-metadata/remote-load-failures', report);

/** `visitorId` is asked for when a report goes: a page that reports nothing never reads it. */
type Options = { registry: RemoteRegistry; session: Storage | undefined; visitorId: () => string };

/**
 * What the loader tells telemetry and the server, once per remote, version and outcome in a page; the
 * tab remembers a version that failed (failed-versions.ts), so its next pages go to the fallback at once
 * and do not report it again.
 */
export const failureReporter = ({ registry, session, visitorId }: Options) => {
  const sent = new Set<string>();
  const send = (report: Omit<FailureReport, 'visitor' | 'canary'>) => {
    const key = `${report.remote}:${report.version}:${report.fallback}`;
    if (sent.has(key)) return;
    sent.add(key);
    reportToServer({ ...report, visitor: visitorId(), canary: registry[report.remote].source === 'canary' });
  };
  return {
    onGiveUp: (error: RemoteLoadError) => {
      const { version } = registry[error.remote];
      reportError(error, { tags: { remote: error.remote, version, fault: error.fault } });
      send({ remote: error.remote, version, fallback: null, kind: error.fault });
    },
    onFallback: ({ remote, from, to, fault, cause }: Fallback) => {
      recordFailedVersion(session, remote, from);
      reportWarning(`The ${remote} remote ${from} failed (${fault}); falling back to ${to}`, {
        tags: { remote, version: from, fallback: to, fault },
        extra: { cause: String(cause) },
      });
      send({ remote, version: from, fallback: to, kind: fault });
    },
  };
};
