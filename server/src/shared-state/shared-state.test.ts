import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import '../http/site.ts';
import { appMetadataRoutes, VISITORS_PER_ADDRESS } from '../routes/app-metadata.ts';
import { versionSetOf } from '../ssr/version-set.ts';
import { startLocalPostgres, type LocalPostgres } from './local-postgres.ts';
import { postgresState, sqliteState, type SharedState } from './shared-state.ts';
import { folderSite } from '../ssr/deployed-site.ts';

/** Three nodes, each with its own SQLite file, sharing one PostgreSQL server that the test starts. */
let postgres: LocalPostgres;
let nodes: { app: Hono; state: SharedState }[];
beforeAll(async () => {
  postgres = await startLocalPostgres();
  // The nodes start together, as a tier does: each finds or makes the tables, none fails.
  const states = await Promise.all([1, 2, 3].map(() => postgresState(postgres.url)));
  nodes = states.map((state) => {
    const app = new Hono();
    app.use('*', async (c, next) => {
      c.set('clientAddress', c.req.header('x-test-address') ?? '192.0.2.1');
      await next();
    });
    app.route('/app-metadata', appMetadataRoutes({ site: folderSite(mkdtempSync(`${tmpdir()}/site-`)), db: openDatabase(':memory:'), state }));
    return { app, state };
  });
}, 60_000);
afterAll(async () => {
  await Promise.all(nodes.map(({ state }) => state.close()));
  await postgres.stop();
});

const report = (node: number, body: Record<string, unknown>, address: string) =>
  nodes[node]!.app.request('/app-metadata/remote-load-failures', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'x-test-address': address },
    body: JSON.stringify({ remote: 'registration', version: '3.0.0', fallback: '1.0.0', ...body }),
  });
const failuresSeenBy = async (node: number, remote = 'registration') => {
  const response = await nodes[node]!.app.request(`/app-metadata/remote-load-failures?remote=${remote}`);
  return ((await response.json()) as { failures: Record<string, unknown>[] }).failures.map(({ firstSeen, lastSeen, ...rest }) => {
    expect([typeof firstSeen, typeof lastSeen]).toEqual(['string', 'string']);
    return rest;
  });
};

describe('state shared by several nodes in PostgreSQL', () => {
  it("counts visitors' load failures whichever node they reached, and any node tells the sum", async () => {
    const visitor = randomUUID();
    await report(0, { visitor }, '192.0.2.1');
    await report(1, { visitor, canary: true, kind: 'render' }, '192.0.2.1');
    await report(2, { visitor: randomUUID() }, '198.51.100.7');

    for (const node of [0, 1, 2]) {
      expect(await failuresSeenBy(node)).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: 2, canaryVisitors: 1 }]);
    }
  });

  it('caps the visitors of one address across nodes: a script spreading invented visitors over them is still 3', async () => {
    for (let post = 0; post < 12; post += 1) await report(post % 3, { remote: 'taster', visitor: randomUUID() }, '203.0.113.9');
    expect(await failuresSeenBy(1, 'taster')).toEqual([{ version: '3.0.0', fallbackVersion: '1.0.0', visitors: VISITORS_PER_ADDRESS, canaryVisitors: 0 }]);
  });

  it('counts composition failures of every node in one row per version set, route and reason', async () => {
    const set = versionSetOf('r1', { remote: 'login', version: '2.0.0' });
    await Promise.all(nodes.map(({ state }) => state.recordCompositionFailure({ set, route: 'login', reason: 'render', message: 'threw' })));
    await nodes[0]!.state.recordCompositionFailure({ set, route: 'login', reason: 'deadline', message: 'slow' });

    expect(await nodes[2]!.state.compositionFailures()).toEqual([
      { remote: 'login', version: '2.0.0', shell_release: 'r1', route: 'login', reason: 'deadline', count: 1 },
      { remote: 'login', version: '2.0.0', shell_release: 'r1', route: 'login', reason: 'render', count: 3 },
    ]);
  });

  it("judges a rollout on every node's page loads and failed visitors, whichever node asks", async () => {
    const since = Date.now() - 1000;
    await nodes[0]!.state.countPageLoad('assessments', '2.0.0', 10);
    await nodes[1]!.state.countPageLoad('assessments', '2.0.0', 1);
    await nodes[2]!.state.countPageLoad('assessments', '1.0.0', 100);
    await report(1, { remote: 'assessments', version: '2.0.0', visitor: randomUUID(), canary: true }, '192.0.2.10');
    await report(2, { remote: 'assessments', version: '2.0.0', visitor: randomUUID(), canary: true }, '192.0.2.11');
    const set = versionSetOf('r1', { remote: 'assessments', version: '2.0.0' });
    await nodes[0]!.state.recordCompositionFailure({ set, route: 'assessment', reason: 'render', message: 'threw' });

    for (const { state } of nodes) {
      expect(await state.rolloutSides('assessments', { live: '1.0.0', canary: '2.0.0' }, since)).toEqual({
        canary: { loads: 11, failures: 2 },
        live: { loads: 100, failures: 0 },
        composition: 1,
      });
    }
    const [chart] = await nodes[1]!.state.lastDay('assessments');
    expect(chart).toMatchObject({ version: '1.0.0' });
    expect(chart!.loads.at(-1)).toBe(100);
    // Nothing counted before the rollout began.
    expect((await nodes[0]!.state.rolloutSides('assessments', { live: '1.0.0', canary: '2.0.0' }, Date.now() + 120_000)).canary).toEqual({ loads: 0, failures: 0 });
  });

  it('lets exactly one node drive the rollouts, and another take over once it stops', async () => {
    const tier = await Promise.all([1, 2, 3].map(() => postgresState(postgres.url)));
    try {
      const first = await Promise.all(tier.map((state) => state.leadsRollouts()));
      expect(first.filter(Boolean)).toHaveLength(1);
      // It keeps leading on every look; the others keep waiting.
      expect(await Promise.all(tier.map((state) => state.leadsRollouts()))).toEqual(first);
      const leader = first.indexOf(true);
      await tier[leader]!.close();
      const rest = tier.filter((_, index) => index !== leader);
      const next = await Promise.all(rest.map((state) => state.leadsRollouts()));
      expect(next.filter(Boolean)).toHaveLength(1);
      tier.splice(leader, 1);
    } finally {
      await Promise.all(tier.map((state) => state.close()));
    }
  });

  it('gives every node the same secret', async () => {
    const secrets = await Promise.all(nodes.map(({ state }) => state.secret('failure-report-addresses')));
    expect(new Set(secrets).size).toBe(1);
  });
});

describe('one node keeps the same in its SQLite database', () => {
  it('counts composition failures as the shared store does', async () => {
    const state = sqliteState(openDatabase(':memory:'));
    const set = versionSetOf('r1', null);
    await state.recordCompositionFailure({ set, route: 'privacy', reason: 'render', message: 'threw' });
    await state.recordCompositionFailure({ set, route: 'privacy', reason: 'render', message: 'threw' });
    expect(await state.compositionFailures()).toEqual([{ remote: 'shell', version: 'r1', shell_release: 'r1', route: 'privacy', reason: 'render', count: 2 }]);
  });
});
