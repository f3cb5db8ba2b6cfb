import { loadSentry } from './load-sentry.ts';
import { createTelemetry } from './telemetry.ts';

/** The one instance of the page: this package is a federation singleton, so shell and remotes share it. */
const telemetry = createTelemetry({
  load: (config) => loadSentry(config),
  isDevelopment: import.meta.env.DEV,
  // Looked up at each call, so the SDK's console instrumentation (installed later) still sees it.
  logError: (...data) => console.error(...data),
});

export const { holdUncaught, initTelemetry, reportError, reportWarning, reportMissingTranslation } = telemetry;
