import { createHmac } from 'node:crypto';
import { Hono } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import type { Database } from '../db/database.ts';
import { clientAddress, readJsonObject } from '../http/request-guards.ts';
import { sqliteState, type SharedState } from '../shared-state/shared-state.ts';
import type { DeployedSite } from '../ssr/deployed-site.ts';

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

/** `state`: where reports are kept when several nodes share them (default: this server's database). */
type Options = { site: DeployedSite; db: Database; state?: SharedState };

/** The build writes release.json; a development server, with nothing built, has no release. */
const readRelease = (site: DeployedSite): { version: string } | null => {
  const text = site.text('release.json');
  return text === null ? null : (JSON.parse(text) as { version: string });
};

export const appMetadataRoutes = ({ site, db, state = sqliteState(db) }: Options) => {
  const routes = new Hono();
  // Addresses are kept only as digests keyed with a secret of the database (the same on every node).
  const addressKey = state.secret('failure-report-addresses');
  const addressDigest = async (address: string) => createHmac('sha256', await addressKey).update(address).digest('hex').slice(0, 32);

  // The release the running build belongs to; the shell compares it with its own to offer an update.
  routes.get('/latest-release', (c) => {
    const release = readRelease(site);
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
      const address = await addressDigest(clientAddress(c));
      await state.recordLoadFailure({ remote, version, fallback, visitor: (visitor as string | undefined) ?? `address-${address}`, address, canary, kind });
      return c.body(null, 204);
    },
  );

  // What `npm run release|rollback|promote|releases` print and weigh: one remote's failures in distinct
  // visitors (at most VISITORS_PER_ADDRESS an address), grouped by version and fallback, newest first.
  routes.get('/remote-load-failures', async (c) => {
    const remote = c.req.query('remote');
    if (!remote || !REMOTES.has(remote)) return c.json(BAD_REQUEST, 400);
    const failures = await state.loadFailures(remote, VISITORS_PER_ADDRESS);
    c.header('Cache-Control', 'no-store');
    return c.json({ failures });
  });

  return routes;
};
