import { afterEach, describe, expect, it, vi } from 'vitest';
import * as telemetry from './index.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('@entry/telemetry', () => {
  it('exposes the reporting functions, the filters and the replay options', () => {
    expect(Object.keys(telemetry).sort()).toEqual([
      'NEVER_SENT_MESSAGES',
      'SOCKET_PATH',
      'beforeBreadcrumb',
      'beforeSend',
      'holdUncaught',
      'initTelemetry',
      'replayOptionsFor',
      'reportError',
      'reportMissingTranslation',
      'reportWarning',
      'scrubText',
      'shouldSend',
    ]);
  });

  it('without a DSN starts nothing and, in development, writes reports to the console', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(telemetry.initTelemetry({ environment: 'development' })).resolves.toBeUndefined();
    const error = new Error('shown to the developer');
    telemetry.reportError(error, { tags: { remote: 'taster' } });
    expect(consoleError).toHaveBeenCalledWith(error, { tags: { remote: 'taster' }, extra: {} });
  });
});
