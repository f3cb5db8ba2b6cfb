/* Sample rates are fractions of sessions (0.05 = 5%), the form replay SDKs take. */

/** Replay attached to error reports: a small baseline, but every session that actually errs. */
export const ERROR_REPLAY_SESSION_SAMPLE_RATE = 0.05;
export const ERROR_REPLAY_ON_ERROR_SAMPLE_RATE = 1;
/** Real users' typing must not reach the replay service; elsewhere inputs help debugging. */
export const MASK_REPLAY_INPUTS_IN_PRODUCTION = true;

/** The separate session-replay service: every session outside production, 1% in production. */
export const SESSION_REPLAY_SAMPLE_RATE_PRODUCTION = 0.01;
export const SESSION_REPLAY_SAMPLE_RATE_OUTSIDE_PRODUCTION = 1;

/** Socket traffic is noise, not a user step, in error breadcrumbs. */
export const BREADCRUMB_EXCLUDED_PATHS = ['/ms_sockets/socket.io'] as const;
