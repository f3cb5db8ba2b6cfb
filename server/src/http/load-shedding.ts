import type { Context, MiddlewareHandler } from 'hono';
import protect from 'overload-protection';

export const BUSY_MESSAGE = 'The site is busy just now. Please try again in a moment.';

export type LoadShedding = {
  /**
   * How late the server's event loop may run before it is overloaded (ms, checked every 5 ms); 0 turns
   * shedding off. Past it, requests that can wait are answered 503 at once instead of queueing.
   */
  maxEventLoopDelayMs: number;
  /** What a 503's Retry-After says. */
  retryAfterSeconds: number;
};

export const DEFAULT_LOAD_SHEDDING: LoadShedding = { maxEventLoopDelayMs: 50, retryAfterSeconds: 1 };

/** Whether the server is overloaded now. */
export type Overloaded = () => boolean;

/** One monitor per limit in a process: its timer is unref'd, so it keeps nothing alive. */
const monitors = new Map<number, protect.ProtectionInstance>();

/**
 * Overloaded when the event loop runs more than `maxEventLoopDelayMs` late (overload-protection's
 * loop monitor: a 5 ms timer, compared with when it should have fired). Never, with 0.
 */
export const eventLoopOverload = (maxEventLoopDelayMs: number): Overloaded => {
  if (maxEventLoopDelayMs <= 0) return () => false;
  let monitor = monitors.get(maxEventLoopDelayMs);
  if (!monitor) {
    monitor = protect('http', { maxEventLoopDelay: maxEventLoopDelayMs, production: true });
    monitors.set(maxEventLoopDelayMs, monitor);
  }
  const watched = monitor;
  return () => watched.overload;
};

/**
 * While the server is overloaded, a request that `spare` does not keep is answered 503 with
 * Retry-After at once, before any work is done for it, instead of waiting behind the others: a
 * fast refusal the app's client retries (GETs) or shows as a moment's wait, and a queue that drains.
 */
export const shedLoad =
  ({ overloaded, retryAfterSeconds, spare }: { overloaded: Overloaded; retryAfterSeconds: number; spare: (c: Context) => boolean }): MiddlewareHandler =>
  async (c, next) => {
    if (!overloaded() || spare(c)) return next();
    c.header('Retry-After', String(retryAfterSeconds));
    c.header('Cache-Control', 'no-store');
    return c.json({ message: BUSY_MESSAGE }, 503);
  };
