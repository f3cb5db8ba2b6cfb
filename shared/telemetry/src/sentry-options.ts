import type { BrowserOptions } from '@sentry/browser';
import { beforeBreadcrumb } from './before-breadcrumb.ts';
import { beforeSend } from './before-send.ts';
import { replayOptionsFor } from './replay-options.ts';
import type { EnabledTelemetryConfig } from './telemetry.ts';

/** The SDK does not export its `Integration` type from the browser package, so it is read off the options. */
export type Integration = Extract<NonNullable<BrowserOptions['integrations']>, readonly unknown[]>[number];

/** `replayIntegration` of `@sentry/browser`, narrowed to the one option this package sets. */
export type ReplayIntegrationFactory = (options: { maskAllInputs: boolean }) => Integration;

/** Everything passed to Sentry's `init`: the filters, the replay sampling and what the SDK may collect. */
export const createSentryOptions = (
  { dsn, environment, release }: EnabledTelemetryConfig,
  replayIntegration: ReplayIntegrationFactory,
): BrowserOptions => {
  const { replaysSessionSampleRate, replaysOnErrorSampleRate, maskAllInputs } = replayOptionsFor(environment);
  return {
    dsn,
    environment,
    release,
    // An array is added to the SDK's default integrations rather than replacing them.
    integrations: [replayIntegration({ maskAllInputs })],
    replaysSessionSampleRate,
    replaysOnErrorSampleRate,
    beforeSend,
    beforeBreadcrumb,
    // Cookies hold the session and request bodies hold passwords; beforeSend would filter them, but
    // what is never collected cannot leak through a form the filters do not know.
    dataCollection: { cookies: false, httpBodies: [] },
  };
};
