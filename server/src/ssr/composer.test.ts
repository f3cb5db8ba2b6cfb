import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketOf } from '@entry/routes';
import type { Context } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createComposer, type Composer, type PageRequest } from './composer.ts';
import { folderSite } from './deployed-site.ts';

const STAND_IN = new URL('./test-support/stand-in-worker.ts', import.meta.url);

const visitors = Array.from({ length: 200 }, (_, index) => `visitor-${index}`);
const canaryVisitor = visitors.find((id) => bucketOf(id, 'registration') < 50)!;
const liveVisitor = visitors.find((id) => bucketOf(id, 'registration') >= 50)!;

let publicDir: string;
let db: Database;
let composer: Composer;

/** A file replaced whole, by a rename, as the release tooling writes the registry and release.json. */
const replace = (file: string, content: unknown) => {
  writeFileSync(join(publicDir, `${file}.tmp`), JSON.stringify(content));
  renameSync(join(publicDir, `${file}.tmp`), join(publicDir, file));
};

const deployRegistration = (registration: unknown) =>
  replace('remotes.json', {
    remotes: {
      login: { live: 'login-1', canary: null },
      registration,
      taster: { live: 'taster-1', canary: null },
      assessments: { live: 'assessments-1', canary: null },
    },
  });

beforeEach(() => {
  publicDir = mkdtempSync(join(tmpdir(), 'entry-composer-'));
  // The shell's server build is only looked for: the stand-in worker composes instead of it.
  mkdirSync(join(publicDir, 'server'));
  writeFileSync(join(publicDir, 'server', 'index.mjs'), '');
  replace('release.json', { version: 'r1' });
  deployRegistration({ live: 'reg-1', canary: null });
  db = openDatabase(':memory:');
  composer = createComposer({ deployedSite: folderSite(publicDir), db, site: { origin: 'http://localhost' }, timeoutMs: 10_000, restMs: 60_000, workerUrl: STAND_IN });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await composer.close();
  db.close();
  rmSync(publicDir, { recursive: true, force: true });
});

/** What Hono's context is asked for: the response's headers. */
const contextSaying = (headers: Record<string, string>) => ({ header: (name: string, value: string) => void (headers[name] = value) }) as unknown as Context;

/** What the composer gives for a path; a page with its text as sent with an empty nonce. */
const compose = async (path: string, visitorId = liveVisitor, headers: Record<string, string> = {}, request: Partial<PageRequest> = {}, by = composer) => {
  const composed = await by.compose(contextSaying(headers), {
    url: `http://localhost${path}`,
    visitorId,
    user: null,
    sessionEnded: false,
    visitor: { cookies: '', eu: null, country: null },
    fetch: () => Promise.resolve(new Response('')),
    ...request,
  });
  return composed.kind === 'page' ? { ...composed, document: composed.slots.join('') } : composed;
};

/** How a page was made, as its Server-Timing says: `kept` for a page sent again; none for one just composed. */
const madeAs = async (path: string, visitorId = liveVisitor, request: Partial<PageRequest> = { shareable: true }) => {
  const headers: Record<string, string> = {};
  const composed = await compose(path, visitorId, headers, request);
  return { document: composed.kind === 'page' ? composed.document : composed.kind, timing: headers['Server-Timing'] ?? 'composed' };
};

const failures = () => db.prepare('SELECT remote, version, shell_release, route, reason, count FROM composition_failures ORDER BY route').all();

describe('the composer', () => {
  it('composes each page in the worker of its version set: the route’s remote, at the version the visitor’s bucket gives', async () => {
    deployRegistration({ live: 'reg-1', canary: { version: 'reg-2', percentage: 50 } });
    expect(await compose('/public/register', liveVisitor)).toMatchObject({ kind: 'page', document: expect.stringContaining('(registration@reg-1 on thread') });
    expect(await compose('/public/register/tutor', canaryVisitor)).toMatchObject({ kind: 'page', document: expect.stringContaining('(registration@reg-2 on thread') });
    expect(await compose('/public/login', canaryVisitor)).toMatchObject({ kind: 'page', document: expect.stringContaining('(login@login-1 on thread') });
    expect(await compose('/public/privacy')).toMatchObject({ kind: 'page', document: expect.stringContaining('(shell on thread') });
  });

  it('puts a move of the registry in force from the next request, and drains the sets no longer served', async () => {
    expect(await compose('/public/register')).toMatchObject({ kind: 'page', document: expect.stringContaining('registration@reg-1') });
    deployRegistration({ live: 'reg-2', canary: null });
    expect(await compose('/public/register')).toMatchObject({ kind: 'page', document: expect.stringContaining('registration@reg-2') });
    // The old set's worker ends once it has sent what it had in hand (its warm-up, at most).
    await expect.poll(() => composer.running()).not.toContain('r1 registration@reg-1');
    expect(composer.running()).toContain('r1 registration@reg-2');
  });

  it('starts the workers of a move before it is in force, while the old ones still serve', async () => {
    await compose('/public/register');
    const next = { remotes: { login: { live: 'login-1' }, registration: { live: 'reg-3' }, taster: { live: 'taster-1' }, assessments: { live: 'assessments-1' } } };
    await composer.prepare({ registry: next, release: 'r1' }, 10_000);
    expect(composer.running()).toEqual(expect.arrayContaining(['r1 registration@reg-1', 'r1 registration@reg-3']));
    // Until the registry is in place, visitors keep the version they had.
    expect(await compose('/public/register')).toMatchObject({ kind: 'page', document: expect.stringContaining('registration@reg-1') });
    deployRegistration({ live: 'reg-3', canary: null });
    expect(await compose('/public/register')).toMatchObject({ kind: 'page', document: expect.stringContaining('registration@reg-3') });
  });

  it('puts a new shell release in force from the next request: every version set is composed by a worker of that release', async () => {
    await compose('/public/register');
    replace('release.json', { version: 'r2' });
    await compose('/public/register');
    await expect.poll(() => composer.running().toSorted()).toEqual(['r2 assessments@assessments-1', 'r2 login@login-1', 'r2 registration@reg-1', 'r2 shell', 'r2 taster@taster-1']);
  });

  it('records each page it could not compose once, and none it refused', async () => {
    const failed: Record<string, string> = {};
    expect(await compose('/public/register?do=exit', liveVisitor, failed)).toEqual({ kind: 'client', failure: 'worker-exit' });
    expect(failed).toEqual({ 'Server-Timing': 'compose;desc="failed"' });
    const refused: Record<string, string> = {};
    expect(await compose('/public/register', liveVisitor, refused)).toEqual({ kind: 'client', failure: 'suspended' });
    expect(refused).toEqual({ 'Server-Timing': 'compose;desc="suspended"' });
    expect(failures()).toEqual([{ remote: 'registration', version: 'reg-1', shell_release: 'r1', route: 'register', reason: 'worker-exit', count: 1 }]);
  });

  it('gives the page the browser renders alone, on every request, while the registry cannot be read', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    deployRegistration({ canary: null });
    for (let request = 0; request < 3; request += 1) {
      expect(await compose('/public/login')).toEqual({ kind: 'client', failure: 'the registry could not be read' });
    }
    expect(errors).toHaveBeenCalledWith('Not composing /public/login: remotes.json names no live version of registration');
    deployRegistration({ live: 'reg-1', canary: null });
    expect(await compose('/public/login')).toMatchObject({ kind: 'page' });
  });
});

describe('pages kept for everyone who asks them the same way', () => {
  const signedOut = { shareable: true };

  it('sends a signed-out visitor’s page again to the next visitor who asks it the same way, without composing it', async () => {
    const first = await madeAs('/public/login');
    expect(first.timing).toBe('composed');
    expect(await madeAs('/public/login', canaryVisitor)).toEqual({ document: first.document, timing: 'compose;desc="kept"' });
  });

  it('never sends a canary’s page to a live visitor, nor a live page to a canary visitor, on the canary’s routes or any other', async () => {
    deployRegistration({ live: 'reg-1', canary: { version: 'reg-2', percentage: 50 } });
    const canary = await madeAs('/public/register', canaryVisitor);
    expect(canary.document).toContain('registration@reg-2');
    const live = await madeAs('/public/register', liveVisitor);
    expect(live).toMatchObject({ document: expect.stringContaining('registration@reg-1'), timing: 'composed' });
    expect(await madeAs('/public/register', canaryVisitor)).toEqual({ document: canary.document, timing: 'compose;desc="kept"' });
    expect(await madeAs('/public/register', liveVisitor)).toEqual({ document: live.document, timing: 'compose;desc="kept"' });
    // The login page's state names the registration version this visitor gets: composed once for each side.
    expect((await madeAs('/public/login', canaryVisitor)).timing).toBe('composed');
    expect((await madeAs('/public/login', liveVisitor)).timing).toBe('composed');
  });

  it('never keeps the page of a visitor who is signed in, whose session ended, or who previews a version', async () => {
    const user = { id_user: 1, username: 'parent' };
    for (const request of [{ shareable: false }, { shareable: true, user }, { shareable: true, sessionEnded: true }, { shareable: true, pins: { registration: 'reg-1' } }]) {
      await madeAs('/public/register', liveVisitor, request);
      expect((await madeAs('/public/register', liveVisitor, request)).timing).toBe('composed');
    }
    expect((await madeAs('/public/register', liveVisitor, signedOut)).timing).toBe('composed');
  });

  it('never keeps a page whose address has a query or a secret, and keys on the cookies and the country', async () => {
    for (const path of ['/public/login?redirect=/x', '/public/magic/secret-code-1', '/public/reset/secret-token-1']) {
      await madeAs(path);
      expect((await madeAs(path)).timing).toBe('composed');
    }
    await madeAs('/public/login');
    const consented = { ...signedOut, visitor: { cookies: 'GTMConsentCookie=all', eu: true, country: 'GB' } };
    expect((await madeAs('/public/login', liveVisitor, consented)).timing).toBe('composed');
    expect((await madeAs('/public/login', liveVisitor, { ...consented, visitor: { ...consented.visitor, country: 'US' } })).timing).toBe('composed');
    // The bucket id is not part of the key: it only picks the versions, which are.
    const withBucket = { ...consented, visitor: { ...consented.visitor, cookies: `entry_visitor=${liveVisitor}; GTMConsentCookie=all` } };
    expect((await madeAs('/public/login', liveVisitor, withBucket)).timing).toBe('compose;desc="kept"');
  });

  it('sends nothing kept from before a move or a shell release', async () => {
    const before = await madeAs('/public/register');
    deployRegistration({ live: 'reg-2', canary: null });
    expect(await madeAs('/public/register')).toMatchObject({ document: expect.stringContaining('registration@reg-2'), timing: 'composed' });
    replace('release.json', { version: 'r2' });
    expect((await madeAs('/public/register')).timing).toBe('composed');
    expect(before.document).toContain('registration@reg-1');
  });

  it('keeps nothing when given no memory for it', async () => {
    const keepsNothing = createComposer({ deployedSite: folderSite(publicDir), db, site: { origin: 'http://localhost' }, timeoutMs: 10_000, workerUrl: STAND_IN, sharedPagesBytes: 0 });
    try {
      const timings = [];
      for (let request = 0; request < 2; request += 1) {
        const headers: Record<string, string> = {};
        await compose('/public/login', liveVisitor, headers, signedOut, keepsNothing);
        timings.push(headers['Server-Timing'] ?? 'composed');
      }
      expect(timings).toEqual(['composed', 'composed']);
    } finally {
      await keepsNothing.close();
    }
  });

  it('overloaded, sends a kept page but composes no other: the browser renders it alone', async () => {
    let overloaded = false;
    const busy = createComposer({ deployedSite: folderSite(publicDir), db, site: { origin: 'http://localhost' }, timeoutMs: 10_000, workerUrl: STAND_IN, overloaded: () => overloaded });
    try {
      await compose('/public/login', liveVisitor, {}, signedOut, busy);
      overloaded = true;
      const kept: Record<string, string> = {};
      expect(await compose('/public/login', liveVisitor, kept, signedOut, busy)).toMatchObject({ kind: 'page' });
      expect(kept['Server-Timing']).toBe('compose;desc="kept"');
      const refused: Record<string, string> = {};
      expect(await compose('/public/register', liveVisitor, refused, signedOut, busy)).toEqual({ kind: 'client', failure: null });
      expect(refused['Server-Timing']).toBe('compose;desc="overloaded"');
    } finally {
      await busy.close();
    }
  });
});
