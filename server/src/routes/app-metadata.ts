import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { Database } from '../db/database.ts';

const REMOTES = new Set(['login', 'registration', 'taster', 'assessments']);
const VERSION_PATTERN = /^[\w.-]{1,64}$/;

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

  // The shell reports a remote that still failed after its retries, for the release tooling to show.
  routes.post('/remote-load-failures', async (c) => {
    const body = (await c.req.json().catch(() => null)) as { remote?: unknown; version?: unknown } | null;
    const { remote, version } = body ?? {};
    if (typeof remote !== 'string' || !REMOTES.has(remote) || typeof version !== 'string' || !VERSION_PATTERN.test(version)) {
      return c.json({ message: 'Bad request: illegal arguments' }, 400);
    }
    db.prepare('INSERT INTO remote_load_failures (remote, version, reported_at) VALUES (?, ?, ?)').run(
      remote,
      version,
      new Date().toISOString(),
    );
    return c.body(null, 204);
  });

  return routes;
};
