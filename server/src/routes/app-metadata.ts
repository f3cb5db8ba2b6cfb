import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Database } from '../db/database.ts';

const REMOTES = new Set(['login', 'registration', 'taster', 'assessments']);
const VERSION_PATTERN = /^[\w.+-]{1,64}$/;
const isVersion = (value: unknown): value is string => typeof value === 'string' && VERSION_PATTERN.test(value);

type Options = { publicDir: string; db: Database };

/** The build writes release.json; a development server, with nothing built, has no release. */
const readRelease = (publicDir: string): { version: string } | null => {
  try {
    return JSON.parse(readFileSync(join(publicDir, 'release.json'), 'utf8')) as { version: string };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

export const appMetadataRoutes = ({ publicDir, db }: Options) => {
  const routes = new Hono();

  // The release the running build belongs to; the shell compares it with its own to offer an update.
  routes.get('/latest-release', (c) => {
    const release = readRelease(publicDir);
    c.header('Cache-Control', 'no-store');
    return release ? c.json({ version: release.version }) : c.json({ message: 'Resource not found' }, 404);
  });

  // The shell reports a remote version that still failed after its retries, and the version it fell
  // back to (null when there was none), for the release tooling to show.
  routes.post('/remote-load-failures', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { remote?: unknown; version?: unknown; fallback?: unknown } | null;
    const { remote, version, fallback = null } = body ?? {};
    if (typeof remote !== 'string' || !REMOTES.has(remote) || !isVersion(version) || (fallback !== null && !isVersion(fallback))) {
      return c.json({ message: 'Bad request: illegal arguments' }, 400);
    }
    db.prepare('INSERT INTO remote_load_failures (remote, version, fallback_version, reported_at) VALUES (?, ?, ?, ?)').run(
      remote,
      version,
      fallback,
      new Date().toISOString(),
    );
    return c.body(null, 204);
  });

  // What `npm run release|rollback|promote|releases` print: one remote's failures, grouped by version
  // and fallback, newest first.
  routes.get('/remote-load-failures', (c) => {
    const remote = c.req.query('remote');
    if (!remote || !REMOTES.has(remote)) return c.json({ message: 'Bad request: illegal arguments' }, 400);
    const failures = db
      .prepare(
        `SELECT version, fallback_version AS fallbackVersion, COUNT(*) AS count,
                MIN(reported_at) AS firstSeen, MAX(reported_at) AS lastSeen
           FROM remote_load_failures WHERE remote = ?
          GROUP BY version, fallback_version ORDER BY lastSeen DESC LIMIT 50`,
      )
      .all(remote);
    c.header('Cache-Control', 'no-store');
    return c.json({ failures });
  });

  return routes;
};
