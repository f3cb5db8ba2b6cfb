import { availableParallelism } from 'node:os';
import type { Context } from 'hono';
import { LRUCache } from 'lru-cache';
import { BASE_PATH, secretRouteOf } from '@entry/routes';
import { nonceSlots } from '../http/csp-nonce.ts';
import type { Database } from '../db/database.ts';
import { createCompositionPool, type PoolOptions, type Services } from './composition-pool.ts';
import type { PageInput } from './composition-protocol.ts';
import { fileWatcher, type DeployedSite } from './deployed-site.ts';
import { sqliteState, type SharedState } from '../shared-state/shared-state.ts';
import type { CompositionFailure } from './failure-record.ts';
import { activeVersionSets, readPointers, remoteVersionsFor, routeOfPath, versionSetFor } from './version-set.ts';
import { VISITOR_COOKIE } from './visitor-id.ts';

export type ComposerOptions = {
  /** The deployed site: its folder, or what a node reading a store holds in memory. */
  deployedSite: DeployedSite;
  db: Database;
  /** Where failures are counted when several nodes share them (default: `db`). */
  state?: Pick<SharedState, 'recordCompositionFailure'>;
  site: { origin: string; googleClientId?: string };
  /** How long composing a page may take before its worker is ended and the visitor gets the page the browser renders alone. */
  timeoutMs: number;
  /** How long a worker may take to load its version set's code before it is ended as one that does not import. */
  startTimeoutMs?: number;
  /** Each composition worker's heap, in MB. */
  workerMemoryMb?: number;
  /** The server is overloaded now (http/load-shedding.ts): a page not already composed goes to the browser. */
  overloaded?: () => boolean;
  /** How many bytes of composed pages are kept to be sent again (default 32 MB; 0 keeps none). */
  sharedPagesBytes?: number;
} & Partial<Pick<PoolOptions, 'restMs' | 'maxPending' | 'workerUrl'>>;

/** A page as the request asks for it; the composer adds the deployment's registry and the site. */
export type PageRequest = Omit<PageInput, 'registry' | 'site'> & {
  /** The services, in-process, as this visitor calls them. */
  fetch: Services;
  /**
   * Nothing of this visitor's own shapes the page beyond its address, cookies and country: no session
   * cookie at all (not even an ended one), no preview. Only such a page may be kept and sent to another visitor.
   */
  shareable?: boolean;
};

/**
 * A composed page, cut where each answer's CSP nonce goes (`slots.join(nonce)`, http/csp-nonce.ts) and
 * ready to be finished (nonce, settings) and sent; or why the browser gets the plain page.
 */
export type Composed = { kind: 'page'; status: number; slots: readonly string[] } | { kind: 'redirect'; location: string } | { kind: 'client'; failure: string | null };

/** The shell, one remote and React take about 60 MB of heap in a worker; four times that is a runaway version. */
const DEFAULT_WORKER_MEMORY_MB = 256;
/** A page costs a worker 5-20 ms of CPU: 16 waiting a core is a wait of a few hundred ms, more is better left to the browser. */
const DEFAULT_MAX_PENDING = 16 * Math.max(1, availableParallelism() - 1);
/**
 * A worker loads a shell and a remote in 0.2 s on an idle machine, 1.6 s on a busy one: a healthy
 * version is never blamed for a slow start, and a hung import is still ended.
 */
const DEFAULT_START_TIMEOUT_MS = 10_000;
/** How long a version set whose worker was ended rests before it gets a new one (doubling with each fault in a row). */
const DEFAULT_REST_MS = 5000;
/** About 1,000 composed pages of 30 KB: the routes without parameters, times the brands' countries and consent states. */
export const DEFAULT_SHARED_PAGES_BYTES = 32 * 1024 * 1024;
const SHARED_PAGE_TTL_MS = 10 * 60 * 1000;

/** The visitor's cookies but their canary bucket id (which the page only uses through the versions it picks). */
const cookiesBesidesVisitorId = (cookies: string) =>
  cookies
    .split(';')
    .map((cookie) => cookie.trim())
    .filter((cookie) => cookie && !cookie.startsWith(`${VISITOR_COOKIE}=`))
    .join('; ');

/**
 * Composes pages on the server (ADR 015) in composition workers (ADR 016): each page goes to the worker
 * of its version set (this release of the shell, and the visitor's version of the route's remote),
 * read afresh from release.json and remotes.json on every request, so a move is in force from the next
 * request; the workers of sets no longer served are drained. Whatever fails, takes too long or is
 * refused, the visitor gets the page the browser renders alone, and a failure is recorded.
 */
export const createComposer = ({
  deployedSite,
  db,
  state = sqliteState(db),
  site,
  timeoutMs,
  startTimeoutMs,
  workerMemoryMb,
  restMs,
  maxPending,
  workerUrl,
  overloaded = () => false,
  sharedPagesBytes = DEFAULT_SHARED_PAGES_BYTES,
}: ComposerOptions) => {
  const record = (failure: CompositionFailure) =>
    void state.recordCompositionFailure(failure).catch((error: unknown) => console.error(`Could not count a composition failure: ${String(error)}`));
  const registry = fileWatcher(deployedSite, 'remotes.json', (text) => JSON.parse(text) as unknown);
  const release = fileWatcher(deployedSite, 'release.json', (text) => (JSON.parse(text) as { version: string }).version);
  const pool = createCompositionPool({
    siteFor: (set) => deployedSite.forWorker(set),
    deadlineMs: timeoutMs,
    startDeadlineMs: startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
    onStartFailure: (set, message) => record({ set, route: 'start', reason: 'import', message }),
    memoryMb: workerMemoryMb ?? DEFAULT_WORKER_MEMORY_MB,
    maxPending: maxPending ?? DEFAULT_MAX_PENDING,
    restMs: restMs ?? DEFAULT_REST_MS,
    workerUrl,
  });

  /**
   * Composed pages that depend on nothing of the visitor's but what their key holds (ADR 026): the
   * deployment they were composed with, the version of every remote this visitor gets, the address,
   * the cookies (but the bucket id) and the country. Kept by size, least recently sent first out; kept
   * cut around the nonce, so that sending one again costs no search of the page.
   */
  const sharedPages = new LRUCache<string, { status: number; slots: readonly string[] }>({
    maxSize: Math.max(1, sharedPagesBytes),
    sizeCalculation: (page) => Math.max(1, page.slots.reduce((size, slot) => size + slot.length, 0)),
    // Text that follows the clock (a year, a date) is at most this old.
    ttl: SHARED_PAGE_TTL_MS,
  });

  /** The deployment as it is now; on a move, the workers of sets no longer served are drained and the new live ones started. */
  let deployedAs: { registry: unknown; release: string; pointers: ReturnType<typeof readPointers>; generation: number } | null = null;
  let generation = 0;
  const current = () => {
    const [registryNow, releaseNow] = [registry(), release()];
    if (deployedAs && deployedAs.registry === registryNow && deployedAs.release === releaseNow) return deployedAs;
    // Read before it is taken as the deployment: a registry without a live version of each remote stays refused on every request.
    const pointers = readPointers(registryNow);
    // No page of another deployment is sent again: its key names its generation, and it is dropped.
    generation += 1;
    sharedPages.clear();
    deployedAs = { registry: registryNow, release: releaseNow, pointers, generation };
    const sets = activeVersionSets(pointers, releaseNow);
    pool.retainOnly(sets);
    for (const set of sets) void pool.warm(set);
    return deployedAs;
  };

  // A deployment without the shell's server build (one built before it, or a bare folder in tests) is served as before.
  const deployed = () => deployedSite.stamp('server/index.mjs') !== null && deployedSite.stamp('release.json') !== null;

  /** The key of a page any visitor asking it the same way may be sent; null for a page only this visitor may get. */
  const sharedKeyOf = (deployment: NonNullable<typeof deployedAs>, { url, visitorId, visitor, shareable, user, sessionEnded, pins }: Omit<PageRequest, 'fetch'>) => {
    const { pathname, search } = new URL(url);
    // A query (or a secret in the address) is this visitor's own: a link's token, a redirect, a banner asked away.
    if (sharedPagesBytes <= 0 || !shareable || user || sessionEnded || pins || search || secretRouteOf(pathname.slice(BASE_PATH.length) || '/')) return null;
    return [
      deployment.generation,
      remoteVersionsFor(deployment.pointers, visitorId),
      pathname,
      cookiesBesidesVisitorId(visitor?.cookies ?? ''),
      visitor?.eu ?? 'unknown',
      visitor?.country ?? 'unknown',
    ].join('\n');
  };

  return {
    compose: async (c: Context, { fetch: services, shareable, ...request }: PageRequest): Promise<Composed> => {
      if (!deployed()) return { kind: 'client', failure: null };
      const { pathname } = new URL(request.url);
      let deployment: ReturnType<typeof current>;
      try {
        deployment = current();
      } catch (error) {
        // A registry this server cannot read: the browser reads it too, and says so to the visitor.
        console.error(`Not composing ${pathname}: ${error instanceof Error ? error.message : String(error)}`);
        return { kind: 'client', failure: 'the registry could not be read' };
      }
      const sharedKey = sharedKeyOf(deployment, { ...request, shareable });
      const kept = sharedKey === null ? undefined : sharedPages.get(sharedKey);
      if (kept) {
        c.header('Server-Timing', 'compose;desc="kept"');
        return { kind: 'page', ...kept };
      }
      if (overloaded()) {
        c.header('Server-Timing', 'compose;desc="overloaded"');
        return { kind: 'client', failure: null };
      }
      const set = versionSetFor(deployment.pointers, deployment.release, pathname, request.visitorId, request.pins);
      const outcome = await pool.compose(set, { ...request, registry: deployment.registry, site }, services);
      switch (outcome.kind) {
        case 'page': {
          const page = { status: outcome.status, slots: nonceSlots(outcome.document) };
          // Only a page made of its inputs alone: one that asked the services for data may differ for the next visitor.
          // The deployment may have moved meanwhile: then the key's generation is gone, and so is the page.
          if (sharedKey !== null && outcome.status === 200 && !outcome.askedServices && sharedKey.startsWith(`${generation}\n`)) {
            sharedPages.set(sharedKey, page);
          }
          return { kind: 'page', ...page };
        }
        case 'redirect':
          return outcome;
        case 'skip':
          console.log(`Not composing ${pathname}: ${outcome.reason}`);
          return { kind: 'client', failure: null };
        case 'refused':
          c.header('Server-Timing', `compose;desc="${outcome.why}"`);
          // A resting version failed a moment ago, and one still loading after the page's whole deadline
          // is likely to: the page says so. A busy one is only busy.
          return { kind: 'client', failure: outcome.why === 'busy' ? null : outcome.why };
        case 'failed': {
          const route = routeOfPath(pathname)?.id ?? 'not-found';
          console.error(`Composing ${pathname} with ${set.key} failed (${outcome.reason}); the browser renders it alone: ${outcome.message}`);
          record({ set, route, reason: outcome.reason, message: outcome.message });
          c.header('Server-Timing', `compose;desc="failed"`);
          return { kind: 'client', failure: outcome.reason };
        }
      }
    },
    /**
     * A move about to be put in place (a node reading a store, store/site-mirror.ts): the workers of the
     * version sets it serves are started and load their code while the old ones still serve, for
     * `waitMs` at most; the move is then put in place whether they are warm or not.
     */
    prepare: async (next: { registry: unknown; release: string }, waitMs: number): Promise<void> => {
      let sets;
      try {
        sets = activeVersionSets(readPointers(next.registry), next.release);
      } catch {
        // A registry the composer cannot use is refused on every request once it is in place.
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([Promise.all(sets.map((set) => pool.warm(set))), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    },
    /** Starts the workers of the version sets most visitors get, ahead of the first visitors. */
    warmUp: (): void => {
      if (deployed()) current();
    },
    /** The version sets with a running worker. */
    running: () => pool.running(),
    close: () => pool.close(),
  };
};

export type Composer = ReturnType<typeof createComposer>;
