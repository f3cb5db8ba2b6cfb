import { afterEach, describe, expect, it } from 'vitest';
import { createCompositionPool, type CompositionPool } from './composition-pool.ts';
import { versionSetOf } from './version-set.ts';
import { pageInput } from './test-support/page-input.ts';

/**
 * The real composition worker, given a shell release's files in memory as a node reading a store has
 * them (ADR 020): a small stand-in for the shell's server build, whose entry imports a chunk beside it
 * and reads a stylesheet through the files it is given, as the real one does.
 */
const shellRelease = (entry: string) =>
  new Map([
    ['index.html', '<!doctype html><div id="root"><!--page--></div>'],
    ['static/css/theme.css', 'body{color:navy}'],
    ['server/index.mjs', entry],
    ['server/chunks/words.mjs', "export const greeting = 'composed from memory';"],
  ]);

const COMPOSING_SHELL = `
import { greeting } from './chunks/words.mjs';
let warmed = 0;
export const warmUp = async () => { warmed += 1; };
export const composePage = async ({ files, template, url }) => ({
  kind: 'page',
  status: 200,
  document: template.replace('<!--page-->', greeting + ' | ' + files.read('static/css/theme.css') + ' | ' + new URL(url).pathname + ' | warmed ' + warmed),
});
`;

const input = pageInput('http://localhost/public/login');

const set = versionSetOf('r1', { remote: 'login', version: 'login-1' });
const services = async () => new Response(null, { status: 204 });

let pool: CompositionPool | null = null;
const poolOver = (files: Map<string, string>) => {
  pool = createCompositionPool({ siteFor: () => ({ kind: 'memory', files }), deadlineMs: 10_000, startDeadlineMs: 10_000, memoryMb: 64, maxPending: 8, restMs: 1000 });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('a composition worker reading its shell release from memory', () => {
  it('imports the server build and the chunks it imports from memory, and composes with the template and files held there', async () => {
    const outcome = await poolOver(shellRelease(COMPOSING_SHELL)).compose(set, input, services);
    expect(outcome).toEqual({
      kind: 'page',
      status: 200,
      document: '<!doctype html><div id="root">composed from memory | body{color:navy} | /public/login | warmed 1</div>',
      askedServices: false,
    });
  });

  it('fails the version set at import, naming the file the release does not hold', async () => {
    const files = shellRelease("export { greeting } from './chunks/missing.mjs';");
    const outcome = await poolOver(files).compose(set, input, services);
    expect(outcome).toEqual({ kind: 'failed', reason: 'import', message: "server/chunks/missing.mjs is not among the shell release's files held in memory" });
    expect(pool?.running()).toEqual([]);
  });

  it('fails at import when the release holds no page template', async () => {
    const files = shellRelease(COMPOSING_SHELL);
    files.delete('index.html');
    expect(await poolOver(files).compose(set, input, services)).toEqual({ kind: 'failed', reason: 'import', message: 'The site has no index.html' });
  });
});
