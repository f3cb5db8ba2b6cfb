import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test-support/memory-storage.ts';
import { readFailedVersions } from './failed-versions.ts';
import { failureReporter } from './failure-reports.ts';
import { RemoteLoadError } from './remote-loader.ts';
import type { RemoteRegistry } from './remote-registry.ts';

const posted: unknown[] = [];
const server = setupServer(
  http.post('*/app-metadata/remote-load-failures', async ({ request }) => {
    posted.push(await request.json());
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  posted.length = 0;
});
afterAll(() => server.close());

const target = (name: string, version: string) => ({ version, entry: `http://site.test/public/remotes/${name}/${version}/mf-manifest.json` });
const registry: RemoteRegistry = {
  login: { ...target('login', '1.0.0'), source: 'live', fallback: null },
  registration: { ...target('registration', '2.1.0'), source: 'canary', fallback: target('registration', '2.0.0') },
  taster: { ...target('taster', '1.0.0'), source: 'live', fallback: null },
  assessments: { ...target('assessments', '1.0.0'), source: 'live', fallback: null },
};

describe('failureReporter', () => {
  it('reports a fallback once, with the visitor, the canary flag and the kind of fault, and remembers it for the tab', async () => {
    const session = memoryStorage() as unknown as Storage;
    const reporter = failureReporter({ registry, session, visitorId: () => 'visitor-123' });
    const fallback = { remote: 'registration' as const, from: '2.1.0', to: '2.0.0', fault: 'broken' as const, cause: new Error('x') };

    reporter.onFallback(fallback);
    reporter.onFallback(fallback);

    await expect.poll(() => posted).toHaveLength(1);
    expect(posted[0]).toEqual({ remote: 'registration', version: '2.1.0', fallback: '2.0.0', kind: 'broken', visitor: 'visitor-123', canary: true });
    expect(readFailedVersions(session)).toEqual({ registration: '2.1.0' });
  });

  it('reads the visitor’s id only when a report goes', async () => {
    const visitorId = vi.fn(() => 'visitor-123');
    const reporter = failureReporter({ registry, session: undefined, visitorId });
    expect(visitorId).not.toHaveBeenCalled();

    reporter.onGiveUp(new RemoteLoadError('taster', 'unreachable', new Error('down')));

    await expect.poll(() => posted).toHaveLength(1);
    expect(visitorId).toHaveBeenCalledTimes(1);
  });

  it('reports giving up with no fallback and the fault', async () => {
    const reporter = failureReporter({ registry, session: undefined, visitorId: () => 'visitor-123' });

    reporter.onGiveUp(new RemoteLoadError('taster', 'unreachable', new Error('down')));

    await expect.poll(() => posted).toHaveLength(1);
    expect(posted[0]).toEqual({ remote: 'taster', version: '1.0.0', fallback: null, kind: 'unreachable', visitor: 'visitor-123', canary: false });
  });
});
