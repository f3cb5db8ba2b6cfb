/**
 * What every composition node must see the same (issue 26): visitors' reports of remote versions that
 * failed to load, the pages the server could not compose, and the page loads a staged rollout is judged
 * by (ADR 018). One node keeps them in its SQLite file; several nodes share a PostgreSQL database
 * (SHARED_DATABASE_URL), so that a release command asking any node hears of every visitor, an address
 * is counted the same whichever node it reached, and a rollout is judged on every node's visitors.
 * Several nodes also elect in it the one that drives the rollouts (a session advisory lock).
 */
import pg from 'pg';
import type { FailureReport } from '../../../release/src/server-reports.ts';
import { newSecret, storedSecret } from '../accounts/secrets.ts';
import type { Database } from '../db/database.ts';
import { recordCompositionFailure, type CompositionFailure } from '../ssr/failure-record.ts';
import { byVersionAndHour, countPageLoad, firstHourOf, lastDayIn, minuteOf, rolloutSidesIn, type HourlyFigures, type RolloutSides } from '../rollouts/figures.ts';
import { VISITORS_PER_ADDRESS } from '../routes/app-metadata.ts';

/** One visitor's report of a remote version that would not load (routes/app-metadata.ts checks it first). */
export type LoadFailureReport = {
  remote: string;
  version: string;
  fallback: string | null;
  visitor: string;
  /** A digest of the visitor's address, keyed with `secret('failure-report-addresses')`. */
  address: string;
  canary: boolean;
  kind: string | null;
};

/** A remote's failures in distinct visitors, at most `cap` an address, by version and fallback: what the release commands read. */
export type LoadFailureSummary = FailureReport;

export type CompositionFailureRow = { remote: string; version: string; shell_release: string; route: string; reason: string; count: number };

export interface SharedState {
  /** Where it is kept, for /health: `sqlite` on one node, `postgres` shared by several. */
  readonly kind: 'sqlite' | 'postgres';
  /** A secret made once and then the same on every node. */
  secret(name: string): Promise<string>;
  recordLoadFailure(report: LoadFailureReport): Promise<void>;
  loadFailures(remote: string, cap: number): Promise<LoadFailureSummary[]>;
  recordCompositionFailure(failure: CompositionFailure): Promise<void>;
  compositionFailures(): Promise<CompositionFailureRow[]>;
  /** Adds a page load (weighed by the beacon's sample rate) to its version's count for this minute. */
  countPageLoad(remote: string, version: string, weight: number): Promise<void>;
  /** A rollout's live and canary figures since `since` (ms), from every node's visitors. */
  rolloutSides(remote: string, pointers: { live: string; canary: string }, since: number): Promise<RolloutSides>;
  /** Loads and failed visitors per version and hour over the last day, for the release page. */
  lastDay(remote: string, now?: number): Promise<HourlyFigures[]>;
  /**
   * Whether this node drives the rollouts: always on one node; among several sharing a database, the one
   * holding its advisory lock, until its connection ends (it stops, or loses the database) and another takes it.
   */
  leadsRollouts(): Promise<boolean>;
  close(): Promise<void>;
}

const compositionRow = ({ set, route, reason, message }: CompositionFailure) =>
  [set.holds?.remote ?? 'shell', set.holds?.version ?? set.shellRelease, set.shellRelease, route, reason, Date.now(), message.slice(0, 300)] as const;

/** One node: the server's own SQLite database. */
export const sqliteState = (db: Database): SharedState => ({
  kind: 'sqlite',
  secret: async (name) => storedSecret(db, name),
  recordLoadFailure: async ({ remote, version, fallback, visitor, address, canary, kind }) => {
    db.prepare(
      `INSERT INTO remote_load_failures (remote, version, fallback_version, visitor, address, canary, kind, reported_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (remote, version, visitor) DO UPDATE SET
         fallback_version = excluded.fallback_version, canary = max(canary, excluded.canary),
         kind = excluded.kind, reported_at = excluded.reported_at`,
    ).run(remote, version, fallback, visitor, address, canary ? 1 : 0, kind, new Date().toISOString());
  },
  loadFailures: async (remote, cap) =>
    db
      .prepare(
        `WITH per_address AS (
           SELECT version, fallback_version, MIN(COUNT(DISTINCT visitor), :cap) AS visitors,
                  MIN(COUNT(DISTINCT CASE WHEN canary = 1 THEN visitor END), :cap) AS canaryVisitors,
                  MIN(reported_at) AS firstSeen, MAX(reported_at) AS lastSeen
             FROM remote_load_failures WHERE remote = :remote
            GROUP BY version, fallback_version, address)
         SELECT version, fallback_version AS fallbackVersion, SUM(visitors) AS visitors, SUM(canaryVisitors) AS canaryVisitors,
                MIN(firstSeen) AS firstSeen, MAX(lastSeen) AS lastSeen
           FROM per_address GROUP BY version, fallback_version ORDER BY lastSeen DESC LIMIT 50`,
      )
      .all({ remote, cap }) as LoadFailureSummary[],
  recordCompositionFailure: async (failure) => recordCompositionFailure(db, failure),
  compositionFailures: async () =>
    db.prepare('SELECT remote, version, shell_release, route, reason, count FROM composition_failures ORDER BY route, reason').all() as CompositionFailureRow[],
  countPageLoad: async (remote, version, weight) => countPageLoad(db, remote, version, weight),
  rolloutSides: async (remote, pointers, since) => rolloutSidesIn(db, remote, pointers, since),
  lastDay: async (remote, now) => lastDayIn(db, remote, now),
  leadsRollouts: async () => true,
  close: async () => undefined,
});

/** The tables, made by whichever node starts first; the others wait on the lock and find them made. */
const POSTGRES_SCHEMA = `
  SELECT pg_advisory_xact_lock(2026026);
  CREATE TABLE IF NOT EXISTS shared_secrets (name TEXT PRIMARY KEY, secret TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS remote_load_failures (
    remote TEXT NOT NULL, version TEXT NOT NULL, fallback_version TEXT, visitor TEXT NOT NULL, address TEXT NOT NULL,
    canary BOOLEAN NOT NULL, kind TEXT, reported_at TEXT NOT NULL,
    PRIMARY KEY (remote, version, visitor));
  CREATE TABLE IF NOT EXISTS composition_failures (
    remote TEXT NOT NULL, version TEXT NOT NULL, shell_release TEXT NOT NULL, route TEXT NOT NULL, reason TEXT NOT NULL,
    count INTEGER NOT NULL, first_at BIGINT NOT NULL, last_at BIGINT NOT NULL, message TEXT NOT NULL,
    PRIMARY KEY (remote, version, shell_release, route, reason));
  CREATE TABLE IF NOT EXISTS page_loads (
    remote TEXT NOT NULL, version TEXT NOT NULL, minute BIGINT NOT NULL, loads DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (remote, version, minute));`;
/** The advisory lock the node driving the rollouts holds for as long as its session lives. */
const ROLLOUT_LEADER_LOCK = 2026027;

/** Several nodes: one PostgreSQL database they all write to. */
export const postgresState = async (connectionString: string): Promise<SharedState> => {
  // A few connections a node: the writes are single statements, and PostgreSQL serves many nodes.
  const pool = new pg.Pool({ connectionString, max: 4, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => console.error(`Shared database: ${error.message}`));
  const client = await pool.connect();
  try {
    await client.query(`BEGIN; ${POSTGRES_SCHEMA} COMMIT;`);
  } finally {
    client.release();
  }
  /** A session of its own holds the rollout lock: a pool would hand its connection to other queries. */
  let leader: pg.Client | null = null;
  let leading = false;
  const dropLeader = () => {
    leader = null;
    leading = false;
  };
  const connectLeader = async () => {
    const client = new pg.Client({ connectionString, connectionTimeoutMillis: 5000 });
    // The lock ends with the session: a node that lost it must not go on moving pointers.
    client.on('error', (error) => {
      console.error(`Shared database: the session holding the rollout lock ended: ${error.message}`);
      if (leader === client) dropLeader();
    });
    client.on('end', () => {
      if (leader === client) dropLeader();
    });
    await client.connect();
    return client;
  };
  return {
    kind: 'postgres',
    secret: async (name) => {
      await pool.query('INSERT INTO shared_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, newSecret()]);
      const { rows } = await pool.query<{ secret: string }>('SELECT secret FROM shared_secrets WHERE name = $1', [name]);
      return rows[0]!.secret;
    },
    recordLoadFailure: async ({ remote, version, fallback, visitor, address, canary, kind }) => {
      await pool.query(
        `INSERT INTO remote_load_failures (remote, version, fallback_version, visitor, address, canary, kind, reported_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (remote, version, visitor) DO UPDATE SET
           fallback_version = excluded.fallback_version, canary = remote_load_failures.canary OR excluded.canary,
           kind = excluded.kind, reported_at = excluded.reported_at`,
        [remote, version, fallback, visitor, address, canary, kind, new Date().toISOString()],
      );
    },
    loadFailures: async (remote, cap) =>
      (
        await pool.query<LoadFailureSummary>(
          `WITH per_address AS (
             SELECT version, fallback_version, LEAST(COUNT(DISTINCT visitor), $2) AS visitors,
                    LEAST(COUNT(DISTINCT CASE WHEN canary THEN visitor END), $2) AS canary_visitors,
                    MIN(reported_at) AS first_seen, MAX(reported_at) AS last_seen
               FROM remote_load_failures WHERE remote = $1
              GROUP BY version, fallback_version, address)
           SELECT version, fallback_version AS "fallbackVersion", SUM(visitors)::int AS visitors,
                  SUM(canary_visitors)::int AS "canaryVisitors", MIN(first_seen) AS "firstSeen", MAX(last_seen) AS "lastSeen"
             FROM per_address GROUP BY version, fallback_version ORDER BY "lastSeen" DESC LIMIT 50`,
          [remote, cap],
        )
      ).rows,
    recordCompositionFailure: async (failure) => {
      await pool.query(
        `INSERT INTO composition_failures (remote, version, shell_release, route, reason, count, first_at, last_at, message)
         VALUES ($1, $2, $3, $4, $5, 1, $6, $6, $7)
         ON CONFLICT (remote, version, shell_release, route, reason)
         DO UPDATE SET count = composition_failures.count + 1, last_at = excluded.last_at, message = excluded.message`,
        [...compositionRow(failure)],
      );
    },
    compositionFailures: async () =>
      (
        await pool.query<CompositionFailureRow>(
          'SELECT remote, version, shell_release, route, reason, count FROM composition_failures ORDER BY route, reason',
        )
      ).rows,
    countPageLoad: async (remote, version, weight) => {
      await pool.query(
        `INSERT INTO page_loads (remote, version, minute, loads) VALUES ($1, $2, $3, $4)
         ON CONFLICT (remote, version, minute) DO UPDATE SET loads = page_loads.loads + excluded.loads`,
        [remote, version, minuteOf(Date.now()), weight],
      );
    },
    rolloutSides: async (remote, { live, canary }, since) => {
      const { rows } = await pool.query<{ version: string; loads: string; failures: string; composition: string }>(
        `WITH versions (version) AS (VALUES ($2::text), ($3::text)),
         per_address AS (
           SELECT version, LEAST(COUNT(DISTINCT visitor), $6) AS visitors FROM remote_load_failures
            WHERE remote = $1 AND version IN ($2, $3) AND reported_at >= $5 GROUP BY version, address)
         SELECT v.version,
                (SELECT COALESCE(SUM(loads), 0) FROM page_loads p WHERE p.remote = $1 AND p.version = v.version AND p.minute >= $4) AS loads,
                (SELECT COALESCE(SUM(visitors), 0) FROM per_address a WHERE a.version = v.version) AS failures,
                (SELECT COALESCE(SUM(count), 0) FROM composition_failures c WHERE c.remote = $1 AND c.version = v.version AND c.last_at >= $7) AS composition
           FROM versions v`,
        [remote, live, canary, minuteOf(since), new Date(since).toISOString(), VISITORS_PER_ADDRESS, since],
      );
      const side = (version: string) => {
        const row = rows.find((candidate) => candidate.version === version);
        return { loads: Number(row?.loads ?? 0), failures: Number(row?.failures ?? 0) };
      };
      return { canary: side(canary), live: side(live), composition: Number(rows.find((row) => row.version === canary)?.composition ?? 0) };
    },
    lastDay: async (remote, now = Date.now()) => {
      const firstHour = firstHourOf(now);
      const [loads, failures] = await Promise.all([
        pool.query<{ version: string; hour: number; loads: number }>(
          'SELECT version, minute / 60 AS hour, SUM(loads) AS loads FROM page_loads WHERE remote = $1 AND minute >= $2 GROUP BY version, hour',
          [remote, firstHour * 60],
        ),
        pool.query<{ version: string; hour: number; failures: number }>(
          `SELECT version, FLOOR(EXTRACT(EPOCH FROM reported_at::timestamptz) / 3600) AS hour, COUNT(DISTINCT visitor) AS failures
             FROM remote_load_failures WHERE remote = $1 AND reported_at >= $2 GROUP BY version, hour`,
          [remote, new Date(firstHour * 3_600_000).toISOString()],
        ),
      ]);
      return byVersionAndHour(firstHour, loads.rows, failures.rows);
    },
    leadsRollouts: async () => {
      try {
        leader ??= await connectLeader();
        if (leading) return true;
        const { rows } = await leader.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [ROLLOUT_LEADER_LOCK]);
        leading = rows[0]!.locked;
        return leading;
      } catch (error) {
        console.error(`Shared database: cannot tell whether this node drives the rollouts: ${(error as Error).message}`);
        dropLeader();
        return false;
      }
    },
    close: async () => {
      const session = leader;
      dropLeader();
      await Promise.all([session?.end().catch(() => undefined), pool.end()]);
    },
  };
};
