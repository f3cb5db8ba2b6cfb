import type { MiddlewareHandler } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { clientAddress } from './request-guards.ts';

export const TOO_MANY_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * At most `limit` requests per `windowMs` from one visitor's address (a trusted proxy's
 * X-Forwarded-For, or the socket's): past that 429, before anything else is done. In memory: the
 * reference server is one process.
 */
export const perAddressLimit = ({ limit, windowMs }: { limit: number; windowMs: number }): MiddlewareHandler =>
  rateLimiter({
    limit,
    windowMs,
    keyGenerator: (c) => clientAddress(c),
    standardHeaders: 'draft-7',
    handler: (c) => c.json({ message: TOO_MANY_MESSAGE }, 429),
  });
