import type { Database } from '../db/database.ts';
import { VISITORS_PER_ADDRESS } from '../routes/app-metadata.ts';
import { judge, type Side } from '../../../release/src/rollout-rule.ts';
import type { RolloutFigures } from '../../../release/src/server-reports.ts';
import type { Rollout } from '../../../release/src/rollout.ts';
import type { SharedState } from '../shared-state/shared-state.ts';

const MINUTE_MS = 60_000;
/** Page loads are counted per minute: minutes since the epoch. */
export const minuteOf = (at: number) => Math.floor(at / MINUTE_MS);

/** Adds a page load (weighed by the beacon's sample rate) to its version's count for this minute. */
export const countPageLoad = (db: Database, remote: string, version: string, weight: number, at = Date.now()): void => {
  db.prepare(
    `INSERT INTO page_loads (remote, version, minute, loads) VALUES (?, ?, ?, ?)
     ON CONFLICT (remote, version, minute) DO UPDATE SET loads = loads + excluded.loads`,
  ).run(remote, version, minuteOf(at), weight);
};

/** A version's page loads from the minute of `since` on. */
export const loadsSince = (db: Database, remote: string, version: string, since: number): number =>
  (db.prepare('SELECT COALESCE(SUM(loads), 0) AS loads FROM page_loads WHERE remote = ? AND version = ? AND minute >= ?').get(remote, version, minuteOf(since)) as {
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

/** Each side's loads and failed visitors since a rollout began, and the pages of the canary the server could not compose. */
export type RolloutSides = { canary: Side; live: Side; composition: number };

/** The same from this node's SQLite database (one node; sqliteState). */
export const rolloutSidesIn = (db: Database, remote: string, { live, canary }: { live: string; canary: string }, since: number): RolloutSides => {
  const sideOf = (version: string): Side => ({ loads: loadsSince(db, remote, version, since), failures: failuresSince(db, remote, version, since) });
  return { canary: sideOf(canary), live: sideOf(live), composition: compositionFailuresSince(db, remote, canary, since) };
};

/** The figures a rollout is judged by, each side counted since the rollout began on every node, and the rule's verdict. */
export const rolloutFigures = async (
  state: Pick<SharedState, 'rolloutSides'>,
  remote: string,
  pointers: { live: string; canary: string },
  rollout: Rollout,
): Promise<RolloutFigures> => {
  const { canary, live, composition } = await state.rolloutSides(remote, pointers, Date.parse(rollout.startedAt));
  const { verdict, reason } = judge(canary, live, rollout);
  return {
    version: pointers.canary,
    canary,
    live,
    verdict,
    reason: composition > 0 ? `${reason}; the server could not compose ${composition} of its pages` : reason,
  };
};

export type HourlyFigures = { version: string; loads: number[]; failures: number[] };

const HOURS = 24;
/** The first of the last 24 hours, in hours since the epoch. */
export const firstHourOf = (now: number) => Math.floor(now / 3_600_000) - (HOURS - 1);

/** The chart's figures from loads and failed visitors per version and hour (hours since the epoch): the four versions most loaded. */
export const byVersionAndHour = (
  firstHour: number,
  loads: { version: string; hour: number; loads: number }[],
  failures: { version: string; hour: number; failures: number }[],
): HourlyFigures[] => {
  const byVersion = new Map<string, HourlyFigures>();
  const figuresOf = (version: string) => {
    let figures = byVersion.get(version);
    if (!figures) byVersion.set(version, (figures = { version, loads: Array<number>(HOURS).fill(0), failures: Array<number>(HOURS).fill(0) }));
    return figures;
  };
  for (const row of loads) figuresOf(row.version).loads[Number(row.hour) - firstHour] = Math.round(Number(row.loads));
  for (const row of failures) figuresOf(row.version).failures[Number(row.hour) - firstHour] = Number(row.failures);
  return [...byVersion.values()].sort((a, b) => b.loads.reduce((x, y) => x + y, 0) - a.loads.reduce((x, y) => x + y, 0)).slice(0, 4);
};

/** Loads and failed visitors per version in each of the last 24 hours (oldest first), for the release page's chart, from this node's SQLite. */
export const lastDayIn = (db: Database, remote: string, now = Date.now()): HourlyFigures[] => {
  const firstHour = firstHourOf(now);
  const loads = db
    .prepare('SELECT version, minute / 60 AS hour, SUM(loads) AS loads FROM page_loads WHERE remote = ? AND minute >= ? GROUP BY version, hour')
    .all(remote, firstHour * 60) as { version: string; hour: number; loads: number }[];
  const failures = db
    .prepare(
      `SELECT version, CAST(strftime('%s', reported_at) AS INTEGER) / 3600 AS hour, COUNT(DISTINCT visitor) AS failures
         FROM remote_load_failures WHERE remote = ? AND reported_at >= ? GROUP BY version, hour`,
    )
    .all(remote, new Date(firstHour * 3_600_000).toISOString()) as { version: string; hour: number; failures: number }[];
  return byVersionAndHour(firstHour, loads, failures);
};
