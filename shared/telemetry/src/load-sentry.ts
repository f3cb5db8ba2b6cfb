import type { BrowserOptions } from '@sentry/browser';
import { createSentryOptions, type ReplayIntegrationFactory } from './sentry-options.ts';
import type { EnabledTelemetryConfig, ErrorReporter } from './telemetry.ts';

/** The part of `@sentry/browser` this package uses, so a test can hand in a stand-in. */
export type SentrySdk = ErrorReporter & {
  init: (options: BrowserOptions) => unknown;
  replayIntegration: ReplayIntegrationFactory;
};

// A dynamic import, so the SDK is a chunk of its own that a page without a DSN never downloads.
const importSentry = (): Promise<SentrySdk> => import('@sentry/browser');

/** Downloads and starts Sentry; what it returns takes the reports. */
export const loadSentry = async (
  config: EnabledTelemetryConfig,
  importSdk: () => Promise<SentrySdk> = importSentry,
): Promise<ErrorReporter> => {
  const sdk = await importSdk();
  sdk.init(createSentryOptions(config, sdk.replayIntegration));
  return sdk;
};
