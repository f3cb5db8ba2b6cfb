import type { Database } from '../db/database.ts';
import { VISITORS_PER_ADDRESS } from '../routes/app-metadata.ts';
import { judge, type Side } from '../../../release/src/rollout-rule.ts';
import type { RolloutFigures } from '../../../release/src/server-reports.ts';
import type { Rollout } from '../../../release/src/rollout.ts';

const MINUTE_MS = 60_000;

/** Adds a page load (weighed by the beacon's sample rate) to its version's count for this minute. */
export const countPageLoad = (db: Database, remote: string, version: string, weight: number, at = Date.now()): void => {
  db.prepare(
    `INSERT INTO page_loads (remote, version, minute, loads) VALUES (?, ?, ?, ?)
     ON CONFLICT (remote, version, minute) DO UPDATE SET loads = loads + excluded.loads`,
  ).run(remote, version, Math.floor(at / MINUTE_MS), weight);
};

/** A version's page loads from the minute of `since` on. */
export const loadsSince = (db: Database, remote: string, version: string, since: number): number =>
  (db.prepare('SELECT COALESCE(SUM(loads), 0) AS loads FROM page_loads WHERE remote = ? AND version = ? AND minute >= ?').get(remote, version, Math.floor(since / MINUTE_MS)) as {
    loads: number;
  }).loads;

/** Distinct visitors who failed to load a version since `since` (at most VISITORS_PER_ADDRESS an address, as for every failure figure). */
export const failuresSince = (db: Database, remote: string, version: string, since: number): number =>
  (db
    .prepare(
      `WITH per_address AS (
         SELECT MIN(COUNT(DISTINCT visitor), :cap) AS visitors FROM remote_load_failures
          WHERE remote = :remote AND version = :version AND reported_at >= :since GROUP BY address)
       SELECT COALESCE(SUM(visitors), 0) AS failures FROM per_address`,
    )
    .get({ remote, version, since: new Date(since).toISOString(), cap: VISITORS_PER_ADDRESS }) as { failures: number }).failures;

/** Pages of a version the server could not compose, since `since`. */
export const compositionFailuresSince = (db: Database, remote: string, version: string, since: number): number =>
  (db.prepare('SELECT COALESCE(SUM(count), 0) AS failures FROM composition_failures WHERE remote = ? AND version = ? AND last_at >= ?').get(remote, version, since) as {
    failures: number;
  }).failures;

const sideOf = (db: Database, remote: string, version: string, since: number): Side => ({
  loads: loadsSince(db, remote, version, since),
  failures: failuresSince(db, remote, version, since),
});

/** The figures a rollout is judged by, each side counted since the rollout began, and the rule's verdict. */
export const rolloutFigures = (db: Database, remote: string, { live, canary }: { live: string; canary: string }, rollout: Rollout): RolloutFigures => {
  const since = Date.parse(rollout.startedAt);
  const figures = { canary: sideOf(db, remote, canary, since), live: sideOf(db, remote, live, since) };
  const { verdict, reason } = judge(figures.canary, figures.live, rollout);
  const composition = compositionFailuresSince(db, remote, canary, since);
  return {
    version: canary,
    ...figures,
    verdict,
    reason: composition > 0 ? `${reason}; the server could not compose ${composition} of its pages` : reason,
  };
};

export type HourlyFigures = { version: string; loads: number[]; failures: number[] };

/** Loads and failed visitors per version in each of the last 24 hours (oldest first), for the release page's chart. */
export const lastDayByVersion = (db: Database, remote: string, now = Date.now()): HourlyFigures[] => {
  const firstHour = Math.floor(now / 3_600_000) - 23;
  const byVersion = new Map<string, HourlyFigures>();
  const figuresOf = (version: string) => {
    let figures = byVersion.get(version);
    if (!figures) byVersion.set(version, (figures = { version, loads: Array<number>(24).fill(0), failures: Array<number>(24).fill(0) }));
    return figures;
  };
  const loads = db
    .prepare('SELECT version, minute / 60 AS hour, SUM(loads) AS loads FROM page_loads WHERE remote = ? AND minute >= ? GROUP BY version, hour')
    .all(remote, firstHour * 60) as { version: string; hour: number; loads: number }[];
  for (const row of loads) figuresOf(row.version).loads[row.hour - firstHour] = Math.round(row.loads);
  const failures = db
    .prepare(
      `SELECT version, CAST(strftime('%s', reported_at) AS INTEGER) / 3600 AS hour, COUNT(DISTINCT visitor) AS failures
         FROM remote_load_failures WHERE remote = ? AND reported_at >= ? GROUP BY version, hour`,
    )
    .all(remote, new Date(firstHour * 3_600_000).toISOString()) as { version: string; hour: number; failures: number }[];
  for (const row of failures) figuresOf(row.version).failures[row.hour - firstHour] = row.failures;
  return [...byVersion.values()].sort((a, b) => b.loads.reduce((x, y) => x + y, 0) - a.loads.reduce((x, y) => x + y, 0)).slice(0, 4);
};
