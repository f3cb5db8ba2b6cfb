import { examsMigrations } from '../exams/migrations.ts';
import { registrationMigrations } from '../registration/migrations.ts';

export type Migration = { id: number; name: string; sql: string };

/**
 * Append-only: a released migration is never edited, a change is a new one. Ids: 1-99 here,
 * 100-199 registration, 200-299 exams; applied in id order.
 */
const coreMigrations: Migration[] = [
  {
    id: 1,
    name: 'remote load failures',
    // The shell reports remotes that fail to load after their retries; release tooling reads these.
    sql: `CREATE TABLE remote_load_failures (
      id INTEGER PRIMARY KEY,
      remote TEXT NOT NULL,
      version TEXT NOT NULL,
      reported_at TEXT NOT NULL
    )`,
  },
  {
    id: 2,
    name: 'accounts, sessions, throttling, one-time codes, events',
    sql: `
      CREATE TABLE users (
        id_user INTEGER PRIMARY KEY,
        username TEXT NOT NULL UNIQUE COLLATE NOCASE,
        email TEXT UNIQUE COLLATE NOCASE,
        password_hash TEXT NOT NULL,
        base TEXT NOT NULL DEFAULT 'public',
        staff INTEGER NOT NULL DEFAULT 0,
        shard TEXT,
        localeCode TEXT NOT NULL DEFAULT 'en-gb',
        id_school_primary INTEGER,
        id_school_customer INTEGER,
        id_supervisor INTEGER,
        id_student INTEGER,
        baseYearGroup INTEGER,
        created TEXT NOT NULL
      );
      -- Only hashes of secrets are stored: a copy of the database opens no session and resets no password.
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        id_user INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        created_at INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions(id_user);
      CREATE TABLE login_failures (
        id INTEGER PRIMARY KEY,
        identifier TEXT NOT NULL,
        address TEXT NOT NULL,
        at INTEGER NOT NULL
      );
      CREATE INDEX login_failures_by_identifier ON login_failures(identifier, at);
      CREATE INDEX login_failures_by_address ON login_failures(address, at);
      CREATE TABLE one_time_codes (
        code_hash TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('reset', 'access')),
        id_user INTEGER NOT NULL REFERENCES users(id_user) ON DELETE CASCADE,
        id_school_customer INTEGER,
        expires_at INTEGER NOT NULL,
        used_at INTEGER
      );
      CREATE TABLE used_captchas (
        challenge TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      );
      -- What the reference server "sends" by email: the journeys (and their tests) read links here.
      CREATE TABLE mail_outbox (
        id INTEGER PRIMARY KEY,
        recipient TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        sent_at INTEGER NOT NULL
      );
      CREATE TABLE gateway_events (
        id INTEGER PRIMARY KEY,
        event_name TEXT NOT NULL,
        id_user INTEGER,
        id_local TEXT UNIQUE,
        payload TEXT NOT NULL,
        received_at INTEGER NOT NULL
      );
    `,
  },
  {
    id: 3,
    name: 'email unsubscribes',
    sql: `CREATE TABLE unsubscribes (
      id_user INTEGER NOT NULL,
      type TEXT NOT NULL,
      at INTEGER NOT NULL,
      PRIMARY KEY (id_user, type)
    )`,
  },
  {
    id: 4,
    name: 'remote load failures: the version visitors fell back to',
    sql: `ALTER TABLE remote_load_failures ADD COLUMN fallback_version TEXT;
      CREATE INDEX remote_load_failures_by_remote ON remote_load_failures (remote, reported_at)`,
  },
  {
    id: 5,
    name: 'content security policy violation reports',
    // What browsers report against the CSP (http/csp-reports.ts): addresses stored without secrets.
    sql: `CREATE TABLE csp_reports (
      id INTEGER PRIMARY KEY,
      document_uri TEXT NOT NULL,
      directive TEXT NOT NULL,
      blocked_uri TEXT NOT NULL,
      source_file TEXT NOT NULL,
      line INTEGER,
      received_at INTEGER NOT NULL
    )`,
  },
  {
    id: 6,
    name: 'server secrets',
    // Made once per database when the environment configures none (accounts/secrets.ts, storedSecret).
    sql: `CREATE TABLE server_secrets (name TEXT PRIMARY KEY, secret TEXT NOT NULL)`,
  },
  {
    id: 7,
    name: 'users: unique email key (NFKC, case folded)',
    // email_key() is accounts/users.ts's emailKey, registered by openDatabase for this migration.
    sql: `ALTER TABLE users ADD COLUMN email_key TEXT;
      UPDATE users SET email_key = email_key(email) WHERE email IS NOT NULL;
      CREATE UNIQUE INDEX users_by_email_key ON users (email_key)`,
  },
  {
    id: 8,
    name: 'remote load failures: one per visitor and version, with the address, the canary flag and the kind of fault',
    // Reports are counted in visitors, at most a few per address (routes/app-metadata.ts); a report from
    // before this migration stands for a visitor and an address of its own. Addresses are keyed digests.
    sql: `ALTER TABLE remote_load_failures ADD COLUMN visitor TEXT;
      ALTER TABLE remote_load_failures ADD COLUMN address TEXT;
      ALTER TABLE remote_load_failures ADD COLUMN canary INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE remote_load_failures ADD COLUMN kind TEXT;
      UPDATE remote_load_failures SET visitor = 'report-' || id, address = 'report-' || id;
      CREATE UNIQUE INDEX remote_load_failures_per_visitor ON remote_load_failures (remote, version, visitor)`,
  },
  {
    id: 10,
    name: 'report codes: the report an access code opens, and the session it opened it in',
    // A report code is an access code with a report; the signed-in page names it (signed-in/routes.ts).
    sql: `ALTER TABLE one_time_codes ADD COLUMN report TEXT;
      ALTER TABLE sessions ADD COLUMN report TEXT`,
  },
  {
    id: 11,
    name: 'composition failures: pages the server could not compose, which the browser then rendered alone',
    // ssr/composer.ts records each; the reason is the first line of the error, never a request's data.
    sql: `CREATE TABLE composition_failures (
      id INTEGER PRIMARY KEY,
      path TEXT NOT NULL,
      reason TEXT NOT NULL,
      failed_at INTEGER NOT NULL
    )`,
  },
  {
    id: 12,
    name: 'composition failures counted by version set, route and reason',
    // ssr/failure-record.ts: one row per version, route and reason, however often it fails (ADR 016).
    sql: `DROP TABLE composition_failures;
      CREATE TABLE composition_failures (
        remote TEXT NOT NULL,
        version TEXT NOT NULL,
        shell_release TEXT NOT NULL,
        route TEXT NOT NULL,
        reason TEXT NOT NULL,
        count INTEGER NOT NULL,
        first_at INTEGER NOT NULL,
        last_at INTEGER NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (remote, version, shell_release, route, reason)
      )`,
  },
  {
    id: 13,
    name: 'page loads per remote version and minute, for staged rollouts and the release page',
    // rollouts/page-loads.ts: a sampled beacon per load, each weighed by its sample rate; no visitor, no address.
    sql: `CREATE TABLE page_loads (
      remote TEXT NOT NULL,
      version TEXT NOT NULL,
      minute INTEGER NOT NULL,
      loads REAL NOT NULL,
      PRIMARY KEY (remote, version, minute)
    )`,
  },
];

export const migrations: Migration[] = [...coreMigrations, ...registrationMigrations, ...examsMigrations].sort(
  (a, b) => a.id - b.id,
);
