export { beforeBreadcrumb, SOCKET_PATH } from './before-breadcrumb.ts';
export { beforeSend } from './before-send.ts';
export { holdUncaught, initTelemetry, reportError, reportMissingTranslation, reportWarning } from './page-telemetry.ts';
export { replayOptionsFor, type ReplayOptions } from './replay-options.ts';
export { scrubText } from './scrub-text.ts';
export { NEVER_SENT_MESSAGES, shouldSend } from './should-send.ts';
export type { ReportContext, TelemetryConfig } from './telemetry.ts';
