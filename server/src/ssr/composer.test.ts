import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bucketOf } from '@entry/routes';
import type { Context } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { createComposer, type Composer } from './composer.ts';

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
  composer = createComposer({ publicDir, db, site: { origin: 'http://localhost' }, timeoutMs: 10_000, restMs: 60_000, workerUrl: STAND_IN });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await composer.close();
  db.close();
  rmSync(publicDir, { recursive: true, force: true });
});

/** What Hono's context is asked for: the response's headers. */
const contextSaying = (headers: Record<string, string>) => ({ header: (name: string, value: string) => void (headers[name] = value) }) as unknown as Context;

const compose = (path: string, visitorId = liveVisitor, headers: Record<string, string> = {}) =>
  composer.compose(contextSaying(headers), {
    url: `http://localhost${path}`,
    visitorId,
    user: null,
    sessionEnded: false,
    visitor: { cookies: '', eu: null, country: null },
    fetch: () => Promise.resolve(new Response('')),
  });

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
