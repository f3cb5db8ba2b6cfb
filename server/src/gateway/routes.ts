import { Hono } from 'hono';
import type { Database } from '../db/database.ts';
import { perAddressLimit } from '../http/per-address-limit.ts';
import { BAD_REQUEST, readJsonObject } from '../http/request-guards.ts';
import { redactAddress } from './redact-address.ts';

const EVENT_NAME = /^[\w.:-]{1,64}$/;
/** A page sends a few events a minute; more from one address is a script, refused before it is stored. */
const EVENTS_PER_ADDRESS = { limit: 120, windowMs: 60 * 1000 };
/** The reference server stands in for an event gateway: it keeps the newest events, never a table without end. */
const KEPT_EVENTS = 10_000;

/** The event gateway's POST /publish: front-end events (login_failed, logout, ...) stored as sent. */
export const gatewayRoutes = ({ db }: { db: Database }) => {
  const routes = new Hono();
  routes.post('/publish', perAddressLimit(EVENTS_PER_ADDRESS), async (c) => {
    const event = await readJsonObject(c);
    const { eventName, eventType, id_user, id_local, currentUrl } = event ?? {};
    if (
      typeof eventName !== 'string' ||
      !EVENT_NAME.test(eventName) ||
      eventType !== 'Frontend' ||
      (id_user !== null && id_user !== undefined && typeof id_user !== 'number') ||
      (id_local !== undefined && typeof id_local !== 'string') ||
      (currentUrl !== undefined && typeof currentUrl !== 'string')
    ) {
      return c.json({ message: BAD_REQUEST }, 400);
    }
    // The page's address may carry a reset token or an access code: those are never stored.
    const stored = currentUrl === undefined ? event : { ...event, currentUrl: redactAddress(currentUrl as string) };
    // A resent event (same id_local) is stored once.
    db.prepare(
      'INSERT INTO gateway_events (event_name, id_user, id_local, payload, received_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id_local) DO NOTHING',
    ).run(eventName, id_user ?? null, id_local ?? null, JSON.stringify(stored), Date.now());
    db.prepare('DELETE FROM gateway_events WHERE id <= (SELECT max(id) FROM gateway_events) - ?').run(KEPT_EVENTS);
    return c.body(null, 204);
  });
  return routes;
};
