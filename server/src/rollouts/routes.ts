import { Hono } from 'hono';
import { rateLimiter } from 'hono-rate-limiter';
import { parseRegistry, type Registry, type Remote } from '../../../release/src/registry.ts';
import { rolloutOf } from '../../../release/src/rollout.ts';
import { clientAddress, readJsonObject } from '../http/request-guards.ts';
import { BAD_REQUEST, isVersion, REMOTES } from '../routes/app-metadata.ts';
import { fileWatcher, type DeployedSite } from '../ssr/deployed-site.ts';
import type { SharedState } from '../shared-state/shared-state.ts';
import { rolloutFigures } from './figures.ts';

/** Beacons one address may send in a window: a visitor reading a page every few seconds for the whole window. */
export const PAGE_LOAD_BEACONS = { limit: 300, windowMs: 15 * 60 * 1000 } as const;
/** The lowest sample rate a beacon may claim: one beacon never weighs more than 100 loads. */
const MIN_SAMPLE = 0.01;

/** The registry this server serves, parsed again only when the file changed; none deployed yet is an empty one. */
export const servedRegistry = (site: DeployedSite): (() => Registry) => {
  const read = fileWatcher(site, 'remotes.json', (text) => parseRegistry(text));
  return () => {
    try {
      return read();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { remotes: {} };
      throw error;
    }
  };
};

/**
 * Page loads per version (ADR 018): the shell sends one small beacon for a sample of the loads of each
 * remote (every load of a remote with a canary), saying the version and the rate it was sampled at. It
 * carries nothing about the visitor, so it needs no consent; the server keeps a count per version and
 * minute, in the database the nodes share when there are several. Only published versions are counted, so a stranger cannot fill the table with made-up ones.
 */
export const rolloutRoutes = ({ site, state }: { site: DeployedSite; state: SharedState }) => {
  const routes = new Hono();
  const registry = servedRegistry(site);

  routes.post(
    '/page-loads',
    rateLimiter({
      ...PAGE_LOAD_BEACONS,
      keyGenerator: (c) => clientAddress(c),
      standardHeaders: 'draft-7',
      handler: (c) => c.json({ message: 'Too many beacons' }, 429),
    }),
    async (c) => {
      const { remote, version, sample } = (await readJsonObject(c)) ?? {};
      const valid = typeof remote === 'string' && REMOTES.has(remote) && isVersion(version) && typeof sample === 'number' && sample >= MIN_SAMPLE && sample <= 1;
      if (!valid) return c.json(BAD_REQUEST, 400);
      if (site.stamp(`remotes/${remote}/${version}/mf-manifest.json`) === null) return c.json({ message: 'No such version' }, 404);
      await state.countPageLoad(remote, version, 1 / sample);
      return c.body(null, 204);
    },
  );

  // What `npm run releases` prints of a rollout: each side's figures and the rule's verdict.
  routes.get('/rollout', async (c) => {
    const remote = c.req.query('remote');
    if (!remote || !REMOTES.has(remote)) return c.json(BAD_REQUEST, 400);
    c.header('Cache-Control', 'no-store');
    const record = registry().remotes[remote as Remote];
    const rollout = rolloutOf(record?.canary);
    if (!record?.canary || !rollout) return c.json({ rollout: null });
    return c.json({ rollout: await rolloutFigures(state, remote, { live: record.live, canary: record.canary.version }, rollout) });
  });

  return routes;
};
