/**
 * What every composition node must see the same (issue 26): visitors' reports of remote versions that
 * failed to load, and the pages the server could not compose. One node keeps them in its SQLite file;
 * several nodes share a PostgreSQL database (SHARED_DATABASE_URL), so that a release command asking any
 * node hears of every visitor, and an address is counted the same whichever node it reached.
 */
import pg from 'pg';
import type { FailureReport } from '../../../release/src/server-reports.ts';
import { newSecret, storedSecret } from '../accounts/secrets.ts';
import type { Database } from '../db/database.ts';
import { recordCompositionFailure, type CompositionFailure } from '../ssr/failure-record.ts';

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
    PRIMARY KEY (remote, version, shell_release, route, reason));`;

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
    close: () => pool.end(),
  };
};
