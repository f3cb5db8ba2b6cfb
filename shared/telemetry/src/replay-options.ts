/** The one environment with real pupils in it: sampling is thrifty there and typed text is hidden. */
export const PRODUCTION = 'production';

/** Recording settings from spec section 9, by environment. */
export type ReplayOptions = {
  /** Error-reporting replay: share of all sessions recorded in full. */
  replaysSessionSampleRate: number;
  /** Error-reporting replay: share of sessions with an error whose buffered recording is sent. */
  replaysOnErrorSampleRate: number;
  /** Whether what users type is masked in recordings. */
  maskAllInputs: boolean;
  /**
   * The separate session-replay service (spec section 7 lists it apart from error reporting): share
   * of sessions it records. Whoever loads that recorder samples with this; Sentry does not use it.
   */
  sessionReplaySampleRate: number;
};

export const replayOptionsFor = (environment: string): ReplayOptions => {
  const isProduction = environment === PRODUCTION;
  return {
    replaysSessionSampleRate: 0.05,
    replaysOnErrorSampleRate: 1,
    maskAllInputs: isProduction,
    // Every session outside production, so testers' sessions can always be watched back.
    sessionReplaySampleRate: isProduction ? 0.01 : 1,
  };
};
