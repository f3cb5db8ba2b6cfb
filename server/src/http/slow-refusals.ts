import type { MiddlewareHandler } from 'hono';
import { setTimeout as pause } from 'node:timers/promises';

export type SlowRefusals = {
  /** How long a refusal for being over a limit (429) is held before it is sent. */
  delayMs: number;
  /** Refusals held at once, all addresses together; past that they are sent at once. */
  maxHeld: number;
};

/**
 * The account service is where passwords, codes and emails are guessed. A guesser waits for each
 * answer before the next guess, so an address over its limit gets its refusal (429) only after a
 * pause: one address hammering the login with 20 connections made 1,100 requests a second and kept
 * the server's event loop busy for all of them, slowing everybody's login; held a second, it makes
 * 20 a second and costs next to nothing (OWASP Authentication Cheat Sheet, login throttling).
 * A person who reads "Too many attempts" loses a second. A held refusal is a timer and the socket
 * the client already opened; `maxHeld` bounds them, so a flood of connections cannot turn the
 * holding into a memory cost of its own.
 */
export const slowRefusals = ({ delayMs, maxHeld }: SlowRefusals): MiddlewareHandler => {
  let held = 0;
  return async (c, next) => {
    await next();
    if (c.res.status !== 429 || delayMs <= 0 || held >= maxHeld) return;
    held += 1;
    try {
      await pause(delayMs);
    } finally {
      held -= 1;
    }
  };
};

export const SLOW_REFUSALS: SlowRefusals = { delayMs: 1000, maxHeld: 10_000 };
