export type Migration = { id: number; name: string; sql: string };

/** Append-only: a released migration is never edited, a change is a new one. */
export const migrations: Migration[] = [
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
];
