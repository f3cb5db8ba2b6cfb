import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Context, MiddlewareHandler } from 'hono';

export const BUSY_MESSAGE = 'The site is busy just now. Please try again in a moment.';

export type LoadShedding = {
  /**
   * How late, on average over a window, the server's event loop may run before it is overloaded (ms);
   * 0 turns shedding off. Past it, or with the loop never idle, requests that can wait are answered
   * 503 at once instead of queueing.
   */
  maxEventLoopDelayMs: number;
  /** What a 503's Retry-After says. */
  retryAfterSeconds: number;
};

export const DEFAULT_LOAD_SHEDDING: LoadShedding = { maxEventLoopDelayMs: 50, retryAfterSeconds: 1 };

/** Whether the server is overloaded now. */
export type Overloaded = () => boolean;

/** How often the loop's delay is sampled (ms): the resolution of Node's delay monitor. */
const RESOLUTION_MS = 10;
/** The window the loop is judged over (ms). */
const DEFAULT_WINDOW_MS = 500;
/** The share of a window the loop may be busy: past it, requests arrive faster than it answers them. */
const MAX_UTILIZATION = 0.98;

/** One monitor per limit and window in a process: its timer is unref'd, so it keeps nothing alive. */
const monitors = new Map<string, Overloaded>();

/**
 * Overloaded for the next window when, over the last one, the event loop ran on average more than
 * `maxEventLoopDelayMs` late (Node's `monitorEventLoopDelay`, sampled every 10 ms: the mean delay past
 * the resolution) or was busy for more than 98 % of it (Node's event loop utilization). These are the
 * two measures @fastify/under-pressure offers. One pause — a server starting, a garbage collection,
 * a first compile — is one late sample among many and is not overload; a loop that keeps running late,
 * or that a crowd of short requests never lets rest, is. Never, with 0.
 */
export const eventLoopOverload = (maxEventLoopDelayMs: number, windowMs = DEFAULT_WINDOW_MS): Overloaded => {
  if (maxEventLoopDelayMs <= 0) return () => false;
  const key = `${maxEventLoopDelayMs}/${windowMs}`;
  const known = monitors.get(key);
  if (known) return known;
  const delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delays.enable();
  let since = performance.eventLoopUtilization();
  let overloaded = false;
  setInterval(() => {
    const now = performance.eventLoopUtilization();
    const utilization = performance.eventLoopUtilization(now, since).utilization;
    since = now;
    const late = delays.count > 0 && delays.mean / 1e6 - RESOLUTION_MS > maxEventLoopDelayMs;
    overloaded = late || utilization > MAX_UTILIZATION;
    delays.reset();
  }, windowMs).unref();
  const monitor = () => overloaded;
  monitors.set(key, monitor);
  return monitor;
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
