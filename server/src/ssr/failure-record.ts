import type { Database } from '../db/database.ts';
import type { FailureReason } from './composition-pool.ts';
import type { VersionSet } from './version-set.ts';

export type CompositionFailure = { set: VersionSet; route: string; reason: FailureReason; message: string };

/**
 * Counts a page the server could not compose, by version set, route and reason: one row each, with a
 * count, the first and last time and the last message, so a version failing on every request keeps
 * one row, not one a request. The message is the first line of the error, never a request's data.
 */
export const recordCompositionFailure = (db: Database, { set, route, reason, message }: CompositionFailure): void => {
  const now = Date.now();
  db.prepare(
    `INSERT INTO composition_failures (remote, version, shell_release, route, reason, count, first_at, last_at, message)
     VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?)
     ON CONFLICT (remote, version, shell_release, route, reason)
     DO UPDATE SET count = count + 1, last_at = excluded.last_at, message = excluded.message`,
  ).run(set.holds?.remote ?? 'shell', set.holds?.version ?? set.shellRelease, set.shellRelease, route, reason, now, now, message.slice(0, 300));
};
