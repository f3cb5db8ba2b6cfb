import { describe, expect, it } from 'vitest';
import { beforeBreadcrumb } from './before-breadcrumb.ts';
import { beforeSend } from './before-send.ts';
import { createSentryOptions, type ReplayIntegrationFactory } from './sentry-options.ts';

const fakeReplay: ReplayIntegrationFactory = (options) => ({ name: 'Replay', ...options });

describe('createSentryOptions', () => {
  it('passes the configuration and installs the filters', () => {
    const config = { dsn: 'https://k@o1.ingest.test/1', environment: 'staging', release: 'r42' };
    const options = createSentryOptions(config, fakeReplay);
    expect(options).toMatchObject({ dsn: 'https://k@o1.ingest.test/1', environment: 'staging', release: 'r42' });
    expect(options.beforeSend).toBe(beforeSend);
    expect(options.beforeBreadcrumb).toBe(beforeBreadcrumb);
  });

  it('samples replays per the specification and masks inputs in production only', () => {
    const production = createSentryOptions({ dsn: 'd', environment: 'production' }, fakeReplay);
    expect(production).toMatchObject({ replaysSessionSampleRate: 0.05, replaysOnErrorSampleRate: 1 });
    expect(production.integrations).toEqual([{ name: 'Replay', maskAllInputs: true }]);

    const staging = createSentryOptions({ dsn: 'd', environment: 'staging' }, fakeReplay);
    expect(staging.integrations).toEqual([{ name: 'Replay', maskAllInputs: false }]);
  });

  it('keeps cookies and request bodies out of what the SDK collects', () => {
    expect(createSentryOptions({ dsn: 'd', environment: 'production' }, fakeReplay).dataCollection).toEqual({
      cookies: false,
      httpBodies: [],
    });
  });
});
