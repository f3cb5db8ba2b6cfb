import { describe, expect, it, vi } from 'vitest';
import { createTelemetry, MAX_QUEUED_REPORTS, type ErrorReporter, type TelemetryDependencies } from './telemetry.ts';

const fakeReporter = () => ({ captureException: vi.fn(), captureMessage: vi.fn() }) satisfies ErrorReporter;

const setUp = (overrides: Partial<TelemetryDependencies> = {}) => {
  const reporter = fakeReporter();
  const dependencies = {
    load: vi.fn(() => Promise.resolve<ErrorReporter>(reporter)),
    isDevelopment: false,
    logError: vi.fn(),
    ...overrides,
  };
  return { reporter, dependencies, telemetry: createTelemetry(dependencies) };
};

describe('createTelemetry', () => {
  it('loads nothing and reports nothing without a DSN', async () => {
    const { dependencies, telemetry } = setUp();
    telemetry.reportError(new Error('before init'));
    await telemetry.initTelemetry({ environment: 'production' });
    telemetry.reportError(new Error('after init'));
    telemetry.reportWarning('after init');
    expect(dependencies.load).not.toHaveBeenCalled();
    expect(dependencies.logError).not.toHaveBeenCalled();
  });

  it('treats a blank DSN as none', async () => {
    const { dependencies, telemetry } = setUp();
    await telemetry.initTelemetry({ dsn: '  ', environment: 'production' });
    expect(dependencies.load).not.toHaveBeenCalled();
  });

  it('still writes reports to the console in development without a DSN', async () => {
    const { dependencies, telemetry } = setUp({ isDevelopment: true });
    await telemetry.initTelemetry({ environment: 'development' });
    const error = new Error('boom');
    telemetry.reportError(error, { tags: { remote: 'login' } });
    telemetry.reportWarning('careful');
    expect(dependencies.logError).toHaveBeenCalledWith(error, { tags: { remote: 'login' }, extra: {} });
    expect(dependencies.logError).toHaveBeenCalledWith('careful', { tags: {}, extra: {} });
  });

  it('starts the SDK with the configuration once, however often it is asked', async () => {
    const { dependencies, telemetry } = setUp();
    const config = { dsn: ' https://k@o1.ingest.test/1 ', environment: 'production', release: 'r1' };
    const first = telemetry.initTelemetry(config);
    expect(telemetry.initTelemetry({ ...config, dsn: 'other' })).toBe(first);
    await first;
    expect(dependencies.load).toHaveBeenCalledTimes(1);
    expect(dependencies.load).toHaveBeenCalledWith({ ...config, dsn: 'https://k@o1.ingest.test/1' });
  });

  it('queues reports made before the SDK is ready and sends them in order once it is', async () => {
    const { reporter, telemetry } = setUp();
    const early = new Error('early');
    telemetry.reportError(early, { extra: { step: 1 } });
    const ready = telemetry.initTelemetry({ dsn: 'd', environment: 'production' });
    telemetry.reportWarning('while loading');
    expect(reporter.captureException).not.toHaveBeenCalled();
    await ready;
    expect(reporter.captureException).toHaveBeenCalledWith(early, { tags: {}, extra: { step: 1 } });
    expect(reporter.captureMessage).toHaveBeenCalledWith('while loading', { tags: {}, extra: {} });
    expect(reporter.captureException.mock.invocationCallOrder[0]).toBeLessThan(
      reporter.captureMessage.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('sends reports straight away once ready', async () => {
    const { reporter, telemetry } = setUp();
    await telemetry.initTelemetry({ dsn: 'd', environment: 'production' });
    const error = new Error('later');
    telemetry.reportError(error);
    expect(reporter.captureException).toHaveBeenCalledWith(error, { tags: {}, extra: {} });
  });

  it('keeps at most a bounded number of reports while waiting', async () => {
    const { reporter, telemetry } = setUp();
    for (let index = 0; index < MAX_QUEUED_REPORTS + 10; index += 1) telemetry.reportWarning(`warning ${index}`);
    await telemetry.initTelemetry({ dsn: 'd', environment: 'production' });
    expect(reporter.captureMessage).toHaveBeenCalledTimes(MAX_QUEUED_REPORTS);
    const lastKept = `warning ${MAX_QUEUED_REPORTS - 1}`;
    expect(reporter.captureMessage).toHaveBeenLastCalledWith(lastKept, { tags: {}, extra: {} });
  });

  it('drops the queue and stays quiet in production when the SDK cannot load', async () => {
    const { dependencies, telemetry } = setUp({ load: vi.fn(() => Promise.reject(new Error('blocked'))) });
    telemetry.reportWarning('queued');
    await expect(telemetry.initTelemetry({ dsn: 'd', environment: 'production' })).resolves.toBeUndefined();
    telemetry.reportWarning('after');
    expect(dependencies.logError).not.toHaveBeenCalled();
  });

  it('says so in development when the SDK cannot load', async () => {
    const failure = new Error('blocked');
    const { dependencies, telemetry } = setUp({ isDevelopment: true, load: vi.fn(() => Promise.reject(failure)) });
    await telemetry.initTelemetry({ dsn: 'd', environment: 'development' });
    expect(dependencies.logError).toHaveBeenCalledWith('Error reporting did not start', failure);
  });

  it('reports a missing translation as a warning naming the namespace and key', async () => {
    const { reporter, telemetry } = setUp();
    await telemetry.initTelemetry({ dsn: 'd', environment: 'production' });
    telemetry.reportMissingTranslation('title', 'login');
    expect(reporter.captureMessage).toHaveBeenCalledWith('Missing translation: login:title', {
      tags: { i18n_namespace: 'login' },
      extra: { key: 'title' },
    });
  });

  it('holds an uncaught error or rejection until the SDK is ready, then leaves them to it', async () => {
    const { reporter, telemetry } = setUp();
    const page = new EventTarget();
    telemetry.holdUncaught(page as unknown as Window);
    const thrown = new Error('thrown before start');
    page.dispatchEvent(Object.assign(new Event('error'), { error: thrown, message: thrown.message }));
    page.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'rejected before start' }));
    await telemetry.initTelemetry({ dsn: 'd', environment: 'production' });
    expect(reporter.captureException.mock.calls.map(([error]) => error)).toEqual([thrown, 'rejected before start']);
    page.dispatchEvent(Object.assign(new Event('error'), { error: new Error('after start') }));
    expect(reporter.captureException).toHaveBeenCalledTimes(2);
  });
});

