import * as Sentry from '@sentry/browser';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSentry, type SentrySdk } from './load-sentry.ts';
import type { ReplayIntegrationFactory } from './sentry-options.ts';

const config = { dsn: 'https://key@o1.ingest.test/1', environment: 'production', release: 'r1' };
const fakeReplay: ReplayIntegrationFactory = (options) => ({ name: 'Replay', ...options });

/** Events as the real SDK would put them on the wire. */
const sentEvents: Sentry.Event[] = [];

const recordingTransport: NonNullable<Sentry.BrowserOptions['transport']> = (options) =>
  Sentry.createTransport(options, (request) => {
    const lines = String(request.body).split('\n');
    lines.forEach((line, index) => {
      if (line.includes('"type":"event"')) sentEvents.push(JSON.parse(lines[index + 1] ?? '{}') as Sentry.Event);
    });
    return Promise.resolve({ statusCode: 200 });
  });

/** The real SDK, with a transport that records instead of sending and a stand-in for replay (it needs a DOM). */
const realSdk: SentrySdk = {
  captureException: Sentry.captureException,
  captureMessage: Sentry.captureMessage,
  init: (options) => Sentry.init({ ...options, transport: recordingTransport }),
  replayIntegration: fakeReplay,
};

afterEach(() => {
  sentEvents.length = 0;
});

describe('loadSentry', () => {
  it('imports the SDK, starts it with the filters and replay, and returns it as the reporter', async () => {
    const sdk = {
      init: vi.fn(),
      captureException: vi.fn(),
      captureMessage: vi.fn(),
      replayIntegration: vi.fn(fakeReplay),
    };
    const reporter = await loadSentry(config, () => Promise.resolve(sdk));
    expect(sdk.replayIntegration).toHaveBeenCalledWith({ maskAllInputs: true });
    expect(sdk.init).toHaveBeenCalledWith(
      expect.objectContaining({ ...config, integrations: [{ name: 'Replay', maskAllInputs: true }] }),
    );
    expect(reporter).toBe(sdk);
  });

  it('with the real SDK: sends an API error as a tagged warning and drops a never-sent one', async () => {
    const reporter = await loadSentry(config, () => Promise.resolve(realSdk));
    const apiError = Object.assign(new Error('Internal Server Error'), { status: 500, correlation_id: 'c-500' });
    reporter.captureException(apiError, { tags: { remote: 'login' }, extra: { body: '{"password":"hunter2"}' } });
    reporter.captureException(
      { status: 401, correlation_id: 'c-401', error: { message: 'Username and password do not match' } },
      { tags: {}, extra: {} },
    );
    await Sentry.flush(2000);

    expect(sentEvents).toHaveLength(1);
    expect(sentEvents[0]).toMatchObject({
      level: 'warning',
      environment: 'production',
      release: 'r1',
      tags: { remote: 'login', correlation_id: 'c-500' },
      extra: { body: '{"password":"[Filtered]"}' },
      exception: { values: [{ type: 'Error', value: 'Internal Server Error' }] },
    });
  });
});
