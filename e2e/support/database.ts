import { createHash } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';

/** A reference server's own SQLite file for this run (playwright.config.ts), opened per use. */
const withDatabase = <T>(use: (db: DatabaseSync) => T, readOnly = true, path = process.env.E2E_DATABASE_PATH as string): T => {
  // The server writes the same file meanwhile: wait for its lock rather than fail.
  const db = new DatabaseSync(path, { readOnly, timeout: 5000 });
  try {
    return use(db);
  } finally {
    db.close();
  }
};

/** The database of the server a Playwright project's tests run against (playwright.config.ts). */
export const databaseOfProject = (project: string): string =>
  (project === 'quest' ? process.env.E2E_QUEST_DATABASE_PATH : process.env.E2E_DATABASE_PATH) as string;

export const countRows = (sql: string, ...params: (string | number)[]): number =>
  withDatabase((db) => Number(db.prepare(sql).get(...params)?.n));

/** The same, in the database of a server a test started itself. */
export const countRowsIn = (path: string, sql: string, ...params: (string | number)[]): number =>
  withDatabase((db) => Number(db.prepare(sql).get(...params)?.n), true, path);

/** The rows a query gives in the database of a server a test started itself, as plain objects. */
export const rowsIn = (path: string, sql: string, ...params: (string | number)[]): Record<string, unknown>[] =>
  withDatabase((db) => db.prepare(sql).all(...params).map((row) => ({ ...row })), true, path);

/** The last email the server "sent" to someone (its outbox table); another server's database by path. */
export const lastMailTo = (recipient: string, databasePath?: string): string | undefined =>
  withDatabase(
    (db) => db.prepare('SELECT body FROM mail_outbox WHERE recipient = ? ORDER BY id DESC LIMIT 1').get(recipient)?.body as string | undefined,
    true,
    databasePath,
  );

/**
 * Issues an access code the way an invigilator's tools would: stored hashed, valid 10 minutes. The
 * quest site's server has a database of its own.
 */
export const issueAccessCode = (
  username: string,
  id_school_customer: number,
  site: 'atom' | 'quest' = 'atom',
  { report = null }: { report?: string | null } = {},
): string => {
  const code = `E2E${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
  withDatabase((db) => {
    const user = db.prepare('SELECT id_user FROM users WHERE username = ?').get(username);
    db.prepare("INSERT INTO one_time_codes (code_hash, kind, id_user, id_school_customer, expires_at, report) VALUES (?, 'access', ?, ?, ?, ?)").run(
      createHash('sha256').update(code).digest('hex'),
      Number(user?.id_user),
      id_school_customer,
      Date.now() + 10 * 60 * 1000,
      report,
    );
  }, false, site === 'quest' ? (process.env.E2E_QUEST_DATABASE_PATH as string) : undefined);
  return code;
};

/** A reset link's token for a user, stored hashed as the server would (valid an hour). */
export const issueResetToken = (username: string, site: 'atom' | 'quest' = 'atom'): string => {
  const token = `e2e-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  withDatabase((db) => {
    const user = db.prepare('SELECT id_user FROM users WHERE username = ?').get(username);
    db.prepare("INSERT INTO one_time_codes (code_hash, kind, id_user, expires_at) VALUES (?, 'reset', ?, ?)").run(
      createHash('sha256').update(token).digest('hex'),
      Number(user?.id_user),
      Date.now() + 60 * 60 * 1000,
    );
  }, false, site === 'quest' ? (process.env.E2E_QUEST_DATABASE_PATH as string) : undefined);
  return token;
};

/** Everything the event gateway stored (each event as it was kept). */
export const gatewayPayloads = (): string[] =>
  withDatabase((db) => db.prepare('SELECT payload FROM gateway_events').all().map((row) => String(row.payload)));

/** Ends every session of a user on the server, as a logout elsewhere or an expiry would. */
export const endSessionsOf = (username: string): void =>
  withDatabase((db) => {
    db.prepare('DELETE FROM sessions WHERE id_user = (SELECT id_user FROM users WHERE username = ? OR email = ?)').run(username, username);
  }, false);
