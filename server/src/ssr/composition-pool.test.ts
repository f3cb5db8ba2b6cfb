import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCompositionPool, type CompositionPool, type PoolOptions, type PoolOutcome, type Services } from './composition-pool.ts';
import type { PageInput } from './composition-protocol.ts';
import { versionSetOf } from './version-set.ts';
import { pageInput } from './test-support/page-input.ts';

const STAND_IN = new URL('./test-support/stand-in-worker.ts', import.meta.url);

const registration = versionSetOf('r1', { remote: 'registration', version: 'reg-2' });
const login = versionSetOf('r1', { remote: 'login', version: 'login-1' });

/** A page whose address tells the stand-in worker what to do (test-support/stand-in-worker.ts). */
const input = (behaviour: string): PageInput => pageInput(`http://localhost/public/register?do=${behaviour}`);

const services: Services = async (request) =>
  new Response(`${request.method} ${new URL(request.url).pathname} by ${request.headers.get('x-asked-by')}: ${await request.text()}`);

let pool: CompositionPool | null = null;
const poolWith = (options: Partial<PoolOptions> = {}) => {
  pool = createCompositionPool({ siteFor: () => ({ kind: 'folder', dir: '/nowhere' }), deadlineMs: 10_000, startDeadlineMs: 10_000, memoryMb: 64, maxPending: 8, restMs: 1000, workerUrl: STAND_IN, ...options });
  return pool;
};
afterEach(async () => {
  vi.useRealTimers();
  await pool?.close();
  pool = null;
});

/** The thread a page was composed on, as the stand-in signs it. */
const threadOf = (outcome: PoolOutcome) => (outcome.kind === 'page' ? /on thread (\d+)\)$/.exec(outcome.document)?.[1] : undefined);

describe('the composition pool', () => {
  it('gives a page whose deadline comes while its worker still loads the browser’s page, without blame, and ends a worker that never loads at its start deadline', async () => {
    const neverLoads = versionSetOf('r1', { remote: 'registration', version: 'never-loads' });
    const failures: string[] = [];
    const pool = poolWith({ deadlineMs: 300, startDeadlineMs: 1200, onStartFailure: (set, message) => failures.push(`${set.key}: ${message}`) });

    expect(await pool.compose(neverLoads, input('page'), services)).toEqual({ kind: 'refused', why: 'starting' });
    expect(pool.running()).toEqual([neverLoads.key]);
    expect(failures).toEqual([]);

    await vi.waitFor(() => expect(failures).toEqual([`${neverLoads.key}: loading the code took longer than 1200 ms`]), { timeout: 3000 });
    expect(pool.running()).toEqual([]);
    expect(await pool.compose(neverLoads, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });
  });

  it('tells a worker whose code does not load once, as a start failure', async () => {
    const failures: string[] = [];
    const pool = poolWith({ onStartFailure: (set, message) => failures.push(`${set.key}: ${message}`) });
    expect(await pool.compose(registration, input('import-fails'), services)).toEqual({ kind: 'failed', reason: 'import', message: 'the remote could not be loaded' });
    expect(failures).toEqual([`${registration.key}: the remote could not be loaded`]);
  });

  it('composes a page in its version set’s worker, which reaches the services over the page’s port', async () => {
    const pool = poolWith();
    expect(await pool.compose(registration, input('services'), services)).toEqual({
      kind: 'page',
      status: 200,
      document: expect.stringMatching(/^the services answered 200: POST \/echo by stand-in: asked by the page \(registration@reg-2 on thread \d+\)$/),
      askedServices: true,
    });
    expect(pool.running()).toEqual([registration.key]);
  });

  it('tells a page made of its inputs alone from one that asked the services', async () => {
    const pool = poolWith();
    expect(await pool.compose(registration, input('page'), services)).toMatchObject({ kind: 'page', askedServices: false });
    expect(await pool.compose(registration, input('services'), services)).toMatchObject({ kind: 'page', askedServices: true });
  });

  it('ends the worker of a page past its deadline, and only that one: another set’s pages are composed meanwhile', async () => {
    const pool = poolWith({ deadlineMs: 1500 });
    await Promise.all([pool.warm(registration), pool.warm(login)]);
    const settled: string[] = [];
    const spinning = pool.compose(registration, input('spin'), services).then((outcome) => (settled.push('spin'), outcome));
    const composed = await pool.compose(login, input('page'), services);
    settled.push('page');

    expect(composed).toMatchObject({ kind: 'page', document: expect.stringContaining('login@login-1') });
    expect(await spinning).toEqual({ kind: 'failed', reason: 'deadline', message: 'composing took longer than 1500 ms' });
    expect(settled).toEqual(['page', 'spin']);
    expect(pool.running()).toEqual([login.key]);
    // The other set kept its worker.
    expect(threadOf(await pool.compose(login, input('page'), services))).toBe(threadOf(composed));
  });

  it('ends a worker that loops for ever, which never reads another message', async () => {
    const pool = poolWith({ deadlineMs: 1000 });
    const looping = pool.compose(registration, input('loop'), services);
    const queued = pool.compose(registration, input('page'), services);
    expect(await looping).toEqual({ kind: 'failed', reason: 'deadline', message: 'composing took longer than 1000 ms' });
    // A page waiting behind it went with the worker: it fails as that worker did.
    expect(await queued).toEqual({ kind: 'failed', reason: 'deadline', message: 'composing took longer than 1000 ms' });
    expect(pool.running()).toEqual([]);
  });

  it('fails the pages of a worker that runs out of its heap with out-of-memory', async () => {
    const pool = poolWith({ memoryMb: 24 });
    expect(await pool.compose(registration, input('memory'), services)).toEqual({ kind: 'failed', reason: 'out-of-memory', message: 'the worker ran out of its 24 MB heap' });
    expect(pool.running()).toEqual([]);
  });

  it('fails the pages of a worker that exits, or crashes, with worker-exit', async () => {
    const pool = poolWith();
    expect(await pool.compose(registration, input('exit'), services)).toEqual({ kind: 'failed', reason: 'worker-exit', message: 'the worker exited with code 3' });
    // Only the first line of what the worker threw.
    expect(await pool.compose(login, input('crash'), services)).toEqual({ kind: 'failed', reason: 'worker-exit', message: 'the worker crashed' });
    expect(pool.running()).toEqual([]);
  });

  it('fails only the page whose screen threw, and keeps its worker', async () => {
    const pool = poolWith();
    const first = await pool.compose(registration, input('page'), services);
    expect(await pool.compose(registration, input('throw'), services)).toEqual({ kind: 'failed', reason: 'render', message: 'the screen threw' });
    expect(threadOf(await pool.compose(registration, input('page'), services))).toBe(threadOf(first));
  });

  it('ends the worker of a version that could not be loaded, failing its pages with import', async () => {
    const pool = poolWith();
    expect(await pool.compose(registration, input('import-fails'), services)).toEqual({ kind: 'failed', reason: 'import', message: 'the remote could not be loaded' });
    expect(pool.running()).toEqual([]);
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });
  });

  it('rests a set whose worker was ended, twice as long with each fault in a row, then tries a new worker', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const pool = poolWith({ restMs: 1000 });
    const first = await pool.compose(registration, input('page'), services);
    expect(await pool.compose(registration, input('exit'), services)).toMatchObject({ kind: 'failed', reason: 'worker-exit' });

    // Resting: its pages, and a warm-up, are refused at once; another set is served.
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });
    expect(await pool.warm(registration)).toEqual({ kind: 'refused', why: 'suspended' });
    expect(await pool.compose(login, input('page'), services)).toMatchObject({ kind: 'page' });
    vi.setSystemTime(999);
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });

    // Tried again after its rest, in a new worker; failing again, it rests twice as long.
    vi.setSystemTime(1000);
    expect(await pool.compose(registration, input('exit'), services)).toMatchObject({ kind: 'failed', reason: 'worker-exit' });
    vi.setSystemTime(2999);
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });
    vi.setSystemTime(3000);
    const again = await pool.compose(registration, input('page'), services);
    expect(again).toMatchObject({ kind: 'page' });
    expect(threadOf(again)).not.toBe(threadOf(first));

    // A page composed ends the run of faults: the next fault rests the first length again.
    expect(await pool.compose(registration, input('exit'), services)).toMatchObject({ kind: 'failed', reason: 'worker-exit' });
    vi.setSystemTime(3999);
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });
    vi.setSystemTime(4000);
    expect(await pool.compose(registration, input('page'), services)).toMatchObject({ kind: 'page' });
  });

  it('rests a set a minute at most', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 0 });
    const pool = poolWith({ restMs: 25_000 });
    for (const at of [0, 25_000, 75_000]) {
      vi.setSystemTime(at);
      expect(await pool.compose(registration, input('exit'), services)).toMatchObject({ kind: 'failed' });
    }
    vi.setSystemTime(75_000 + 59_999);
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'suspended' });
    vi.setSystemTime(75_000 + 60_000);
    expect(await pool.compose(registration, input('page'), services)).toMatchObject({ kind: 'page' });
  });

  it('refuses a page as busy past maxPending pages in hand, for that set only', async () => {
    const pool = poolWith({ maxPending: 2 });
    const slow = [pool.compose(registration, input('slow'), services), pool.compose(registration, input('slow'), services)];
    expect(await pool.compose(registration, input('page'), services)).toEqual({ kind: 'refused', why: 'busy' });
    expect(await pool.compose(login, input('page'), services)).toMatchObject({ kind: 'page' });
    for (const outcome of await Promise.all(slow)) expect(outcome).toMatchObject({ kind: 'page' });
    expect(await pool.compose(registration, input('page'), services)).toMatchObject({ kind: 'page' });
  });

  it('drains the sets it no longer keeps: their pages in hand are sent, then their workers end', async () => {
    const pool = poolWith();
    await Promise.all([pool.warm(registration), pool.warm(login)]);
    const inHand = pool.compose(registration, input('slow'), services);
    pool.retainOnly([login]);
    expect(pool.running()).toEqual([login.key, registration.key]);
    expect(await inHand).toMatchObject({ kind: 'page', document: expect.stringContaining('a slow page (registration@reg-2') });
    expect(pool.running()).toEqual([login.key]);
  });

  it('ends an idle worker at once when its set is no longer kept', async () => {
    const pool = poolWith();
    await Promise.all([pool.warm(registration), pool.warm(login)]);
    pool.retainOnly([registration]);
    expect(pool.running()).toEqual([registration.key]);
  });

  it('refuses the pages in hand and ends every worker when closed, a draining one too', async () => {
    const pool = poolWith();
    const inHand = pool.compose(registration, input('stuck'), services);
    const draining = pool.compose(login, input('stuck'), services);
    pool.retainOnly([registration]);
    await pool.close();
    expect(await inHand).toEqual({ kind: 'refused', why: 'busy' });
    expect(await draining).toEqual({ kind: 'refused', why: 'busy' });
    expect(pool.running()).toEqual([]);
  });
});
