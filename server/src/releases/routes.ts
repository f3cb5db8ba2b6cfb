import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { basicAuth } from 'hono/basic-auth';
import { promote, rollback } from '../../../release/src/commands.ts';
import { REMOTES, ReleaseError, isRemote, type Remote, type RemoteRecord } from '../../../release/src/registry.ts';
import { rolloutOf } from '../../../release/src/rollout.ts';
import { controlRollout } from '../../../release/src/rollout-commands.ts';
import { readJsonObject } from '../http/request-guards.ts';
import { rolloutFigures } from '../rollouts/figures.ts';
import type { SharedState } from '../shared-state/shared-state.ts';
import { serverReleaseContext } from '../rollouts/rollout-driver.ts';
import { servedRegistry } from '../rollouts/routes.ts';
import { folderSite } from '../ssr/deployed-site.ts';
import { folderTarget } from '../../../release/src/targets/folder.ts';
import { releasesPage } from './releases-page.ts';

/** Who the history names for a move made on the release page. */
const BY = 'release page';
const ACTIONS = new Set(['pause', 'resume', 'abort', 'promote', 'cancel-canary', 'rollback']);

/** A remote's pointers and history as the page showed them: an action on it is refused once they moved. */
const revisionOf = (record: RemoteRecord | undefined) => createHash('sha256').update(JSON.stringify(record ?? null)).digest('base64url').slice(0, 22);

const sameSecret = (given: string, token: string) => {
  const [a, b] = [createHash('sha256').update(given).digest(), createHash('sha256').update(token).digest()];
  return timingSafeEqual(a, b);
};

/**
 * The release page (issue 25), only where RELEASES_TOKEN is configured: each remote's pointers, rollout,
 * a chart of loads and failures over the last 24 hours and the history, with the CLI's moves behind a
 * confirmation. The browser asks for the token (HTTP Basic, any user name); moves are JSON calls with
 * X-Requested-With from this origin, like every state-changing call of the server.
 */
export const releasesRoutes = ({ publicDir, state, token }: { publicDir: string; state: SharedState; token: string }) => {
  const routes = new Hono();
  const registry = servedRegistry(folderSite(publicDir));
  routes.use('*', basicAuth({ realm: 'Releases', verifyUser: (_, password) => sameSecret(password, token) }));
  routes.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
    c.header('X-Robots-Tag', 'noindex');
  });

  routes.get('/', async (c) => {
    const { remotes } = registry();
    const views = await Promise.all(
      REMOTES.flatMap((remote) => {
        const record = remotes[remote];
        if (!record) return [];
        const rollout = rolloutOf(record.canary);
        return [
          (async () => ({
            remote,
            record,
            revision: revisionOf(record),
            rollout: rollout && record.canary ? await rolloutFigures(state, remote, { live: record.live, canary: record.canary.version }, rollout) : null,
            lastDay: await state.lastDay(remote),
          }))(),
        ];
      }),
    );
    return c.html(releasesPage(views, c.get('cspNonce')));
  });

  routes.post('/actions', async (c) => {
    const { remote, action, revision } = (await readJsonObject(c)) ?? {};
    if (typeof remote !== 'string' || !isRemote(remote) || typeof action !== 'string' || !ACTIONS.has(action) || typeof revision !== 'string') {
      return c.json({ message: 'Bad request: illegal arguments' }, 400);
    }
    if (revisionOf(registry().remotes[remote]) !== revision) {
      return c.json({ message: `${remote} moved since this page was loaded: reload the page to see what changed.` }, 409);
    }
    const lines: string[] = [];
    const context = serverReleaseContext({ target: folderTarget(publicDir), state, by: BY, print: (line) => lines.push(line) });
    const why = `from the release page`;
    try {
      await run(context, remote, action, why);
    } catch (error) {
      if (error instanceof ReleaseError) return c.json({ message: error.message }, 409);
      throw error;
    }
    return c.json({ lines });
  });

  return routes;
};

const run = (context: ReturnType<typeof serverReleaseContext>, remote: Remote, action: string, why: string): Promise<void> => {
  if (action === 'pause' || action === 'resume' || action === 'abort') return controlRollout(context, { remote, control: action, why });
  if (action === 'promote') return promote(context, { remote, why });
  return rollback(context, { remote, version: null, why, cancelCanary: action === 'cancel-canary' });
};
