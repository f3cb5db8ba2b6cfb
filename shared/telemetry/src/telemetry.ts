export type TelemetryConfig = {
  /** Error reporting stays off, and its SDK is never loaded, until this is set. */
  dsn?: string | undefined;
  environment: string;
  release?: string | undefined;
};

export type EnabledTelemetryConfig = TelemetryConfig & { dsn: string };

/** What a caller may add to a report: tags are searchable in the service, extra is shown with the event. */
export type ReportContext = { tags?: Record<string, string>; extra?: Record<string, unknown> };

export type ReportScope = { tags: Record<string, string>; extra: Record<string, unknown> };

/** The part of the error-reporting SDK the queue needs; a fake in tests, `@sentry/browser` in the page. */
export type ErrorReporter = {
  captureException: (error: unknown, scope: ReportScope) => unknown;
  captureMessage: (message: string, scope: ReportScope) => unknown;
};

type Report =
  | { kind: 'error'; error: unknown; scope: ReportScope }
  | { kind: 'warning'; message: string; scope: ReportScope };

export type TelemetryDependencies = {
  /** Loads and starts the SDK; only ever called with a DSN. */
  load: (config: EnabledTelemetryConfig) => Promise<ErrorReporter>;
  /** Reports are also written to the console, so developers see them without a DSN. */
  isDevelopment: boolean;
  logError: (...data: unknown[]) => void;
};

/** Reports made before start-up finishes wait; a page in a loop of errors must not grow without bound. */
export const MAX_QUEUED_REPORTS = 50;

// Level and correlation id are not set here: beforeSend sets them, for these reports and for the
// errors the SDK catches by itself alike.
const scopeOf = (context: ReportContext | undefined): ReportScope => ({
  tags: { ...context?.tags },
  extra: { ...context?.extra },
});

/** The reporting functions around one SDK loader; the package exports the single page-wide instance. */
export const createTelemetry = ({ load, isDevelopment, logError }: TelemetryDependencies) => {
  let reporter: ErrorReporter | 'off' | undefined;
  let started: Promise<void> | undefined;
  const queue: Report[] = [];
  /** Removes the page's own listeners of holdUncaught, once the SDK (or none) has taken over. */
  const released: (() => void)[] = [];

  const deliver = (report: Report, to: ErrorReporter): void => {
    if (report.kind === 'error') to.captureException(report.error, report.scope);
    else to.captureMessage(report.message, report.scope);
  };

  const settle = (next: ErrorReporter | 'off'): void => {
    reporter = next;
    released.splice(0).forEach((release) => release());
    const waiting = queue.splice(0);
    if (next !== 'off') waiting.forEach((report) => deliver(report, next));
  };

  const report = (item: Report): void => {
    if (isDevelopment) logError(item.kind === 'error' ? item.error : item.message, item.scope);
    if (reporter === 'off') return;
    if (reporter) deliver(item, reporter);
    else if (queue.length < MAX_QUEUED_REPORTS) queue.push(item);
  };

  const start = async (config: TelemetryConfig): Promise<void> => {
    const dsn = config.dsn?.trim();
    if (!dsn) return settle('off');
    try {
      settle(await load({ ...config, dsn }));
    } catch (error) {
      // Blocked by an ad blocker or a failed chunk: the page works on, unreported.
      settle('off');
      if (isDevelopment) logError('Error reporting did not start', error);
    }
  };

  /**
   * Until error reporting has started (the shell starts it when the page is idle, ADR 024), an error or
   * a rejection nobody caught is queued here, to be sent once the SDK is loaded; from then on the SDK's
   * own handlers catch them.
   */
  const holdUncaught = (target: Pick<Window, 'addEventListener' | 'removeEventListener'>): void => {
    const onError = (event: ErrorEvent) => report({ kind: 'error', error: event.error ?? event.message, scope: scopeOf(undefined) });
    const onRejection = (event: PromiseRejectionEvent) => report({ kind: 'error', error: event.reason, scope: scopeOf(undefined) });
    target.addEventListener('error', onError);
    target.addEventListener('unhandledrejection', onRejection);
    const release = () => {
      target.removeEventListener('error', onError);
      target.removeEventListener('unhandledrejection', onRejection);
    };
    if (reporter) release();
    else released.push(release);
  };

  return {
    holdUncaught,

    /**
     * Starts error reporting once for the whole page (the shell calls it; later calls get the same
     * promise). Without a DSN it loads nothing and reports go nowhere.
     */
    initTelemetry: (config: TelemetryConfig): Promise<void> => (started ??= start(config)),

    /** Reports an error; it is sent as a warning tagged with its correlation id (see beforeSend). */
    reportError: (error: unknown, context?: ReportContext): void =>
      report({ kind: 'error', error, scope: scopeOf(context) }),

    reportWarning: (message: string, context?: ReportContext): void =>
      report({ kind: 'warning', message, scope: scopeOf(context) }),

    /** i18n's production fallback: the key shows on screen, and the missing text is reported. */
    reportMissingTranslation: (key: string, namespace: string): void =>
      report({
        kind: 'warning',
        message: `Missing translation: ${namespace}:${key}`,
        scope: { tags: { i18n_namespace: namespace }, extra: { key } },
      }),
  };
};
