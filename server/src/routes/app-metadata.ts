import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { storedSecret } from '../accounts/secrets.ts';
import type { Database } from '../db/database.ts';
import { clientAddress, readJsonObject } from '../http/request-guards.ts';
import type { FailureReport } from '../../../release/src/server-reports.ts';

export const REMOTES = new Set(['login', 'registration', 'taster', 'assessments']);
const VERSION_PATTERN = /^[\w.+-]{1,64}$/;
/** The shell's visitor id (a random UUID in local storage). */
const VISITOR_PATTERN = /^[\w-]{8,64}$/;
/** What went wrong, as the shell's loader tells faults apart (shell/src/features/remotes/load-faults.ts). */
const KINDS = new Set(['missing', 'unreachable', 'broken', 'incompatible', 'render']);
export const isVersion = (value: unknown): value is string => typeof value === 'string' && VERSION_PATTERN.test(value);
export const BAD_REQUEST = { message: 'Bad request: illegal arguments' };

/**
 * Visitors behind one address that count towards a version's failures: enough for a family or a
 * classroom to be heard, too few for one script inventing visitor ids to make a version look broken.
 */
export const VISITORS_PER_ADDRESS = 3;
/** Reports one address may post in a window: each visitor reports at most twice per remote and version. */
export const FAILURE_REPORTS = { limit: 60, windowMs: 15 * 60 * 1000 } as const;

type Options = { publicDir: string; db: Database };

/**
 * One remote's failures in distinct visitors (at most VISITORS_PER_ADDRESS an address), grouped by
 * version and fallback, newest first: what the release commands print and weigh, and the server's
 * rollouts too (release/src/server-reports.ts reads them).
 */
export const loadFailureReports = (db: Database, remote: string) =>
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
    .all({ remote, cap: VISITORS_PER_ADDRESS }) as unknown as FailureReport[];

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
  // Addresses are kept only as digests keyed with a secret of this database.
  const addressKey = storedSecret(db, 'failure-report-addresses');
  const addressDigest = (address: string) => createHmac('sha256', addressKey).update(address).digest('hex').slice(0, 32);

  // The release the running build belongs to; the shell compares it with its own to offer an update.
  routes.get('/latest-release', (c) => {
    const release = readRelease(publicDir);
    c.header('Cache-Control', 'no-store');
    return release ? c.json({ version: release.version }) : c.json({ message: 'Resource not found' }, 404);
  });

  // The shell reports a remote version that failed in a visitor's browser, the version it fell back to
  // (null when there was none), whether the visitor runs a canary and the kind of fault. One row per
  // visitor and version: reporting again only updates it. A page from before visitor ids (an open tab
  // of an older shell) counts as one visitor for its address.
  routes.post(
    '/remote-load-failures',
    rateLimiter({
      ...FAILURE_REPORTS,
      keyGenerator: (c) => clientAddress(c),
      standardHeaders: 'draft-7',
      handler: (c) => c.json({ message: 'Too many reports' }, 429),
    }),
    async (c) => {
      const { remote, version, fallback = null, visitor, canary = false, kind = null } = (await readJsonObject(c)) ?? {};
      const valid =
        typeof remote === 'string' &&
        REMOTES.has(remote) &&
        isVersion(version) &&
        (fallback === null || isVersion(fallback)) &&
        (visitor === undefined || (typeof visitor === 'string' && VISITOR_PATTERN.test(visitor))) &&
        typeof canary === 'boolean' &&
        (kind === null || (typeof kind === 'string' && KINDS.has(kind)));
      if (!valid) return c.json(BAD_REQUEST, 400);
      const address = addressDigest(clientAddress(c));
      db.prepare(
        `INSERT INTO remote_load_failures (remote, version, fallback_version, visitor, address, canary, kind, reported_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (remote, version, visitor) DO UPDATE SET
           fallback_version = excluded.fallback_version, canary = max(canary, excluded.canary),
           kind = excluded.kind, reported_at = excluded.reported_at`,
      ).run(remote, version, fallback, visitor ?? `address-${address}`, address, canary ? 1 : 0, kind, new Date().toISOString());
      return c.body(null, 204);
    },
  );

  // What `npm run release|rollback|promote|releases` print and weigh.
  routes.get('/remote-load-failures', (c) => {
    const remote = c.req.query('remote');
    if (!remote || !REMOTES.has(remote)) return c.json(BAD_REQUEST, 400);
    c.header('Cache-Control', 'no-store');
    return c.json({ failures: loadFailureReports(db, remote) });
  });

  return routes;
};
