import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { prerenderPages } from '../release/src/prerender.ts';
import { movePointers, publishFaultyVersion, readRegistry, type Fault } from './support/faulty-versions.ts';

const root = join(import.meta.dirname, '..');

/** A copy of the built site, as a release manager's target. */
const deployedSite = () => {
  const site = join(mkdtempSync(join(tmpdir(), 'entry-release-check-')), 'public');
  cpSync(join(root, 'dist', 'public'), site, { recursive: true });
  return site;
};

/** A build folder of registration whose server build fails as `fault` says (made in a scratch site, then moved out). */
const faultyBuild = (fault: Fault): string => {
  const scratch = deployedSite();
  publishFaultyVersion(scratch, 'registration', 'candidate', fault);
  const build = join(scratch, '..', `build-${fault}`);
  renameSync(join(scratch, 'remotes', 'registration', 'candidate'), build);
  return build;
};

const cli = async (...args: string[]) => {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['release/src/run.js', ...args, '--by', 'e2e'], { cwd: root });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
};

/** What a refused move must leave as it was: the pointers and the pages written for static hosts. */
const snapshot = (site: string) => ({
  registry: readFileSync(join(site, 'remotes.json'), 'utf8'),
  pages: readdirSync(join(site, 'prerendered'), { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('index.html'))
    .sort()
    .map((file) => `${file}\n${readFileSync(join(site, 'prerendered', file), 'utf8')}`),
});

test.describe('a release is checked on the server before it moves a pointer', () => {
  test.describe.configure({ mode: 'parallel' });

  const refusals: [Fault, string, RegExp][] = [
    ['throw-import', 'throws as it is imported', /\(import\): broken server build/],
    ['throw-render', 'throws while rendering', /\(render\): the registration screen threw/],
    ['spin', 'spins', /\(deadline\): composing took longer than 3000 ms/],
    ['hang-import', 'never finishes importing', /\(import\): loading the code took longer than 3000 ms/],
    // On a machine busy with the other checks, the deadline may come before the heap is full.
    ['memory', 'fills its heap', /\((out-of-memory|deadline)\)/],
  ];
  for (const [fault, what, reason] of refusals) {
    test(`a server build that ${what} is refused in one line, publishing and moving nothing`, async () => {
      const site = deployedSite();
      const before = snapshot(site);
      const { code, output } = await cli('release', 'registration', '--from', faultyBuild(fault), '--version', `bad-${fault}`, '--target', site);
      expect(code).not.toBe(0);
      const refusal = output.split('\n').filter((line) => line.startsWith('refused:'));
      expect(refusal).toHaveLength(1);
      expect(refusal[0]).toMatch(new RegExp(`^refused: registration bad-${fault} does not compose /public/register on the server `));
      expect(refusal[0]).toMatch(reason);
      expect(snapshot(site)).toEqual(before);
      expect(existsSync(join(site, 'remotes', 'registration', `bad-${fault}`))).toBe(false);
    });
  }

  test('a good build is checked, then released', async () => {
    const site = deployedSite();
    const { code, output } = await cli('release', 'registration', '--from', join(root, 'remotes', 'registration', 'dist'), '--version', 'good', '--target', site);
    expect(code, output).toBe(0);
    expect(output).toContain('registration good: every page it owns composes on the server');
    expect(readRegistry(site).remotes.registration?.live).toBe('good');

    // The check's worker wrote the version's pages for static hosts: the same as the command's own
    // thread writes them with the shell imported there (the other pages were kept as they were).
    const registrationPages = () => snapshot(site).pages.filter((page) => /^(register|invitation)\//.test(page));
    const written = registrationPages();
    expect(written).toHaveLength(4);
    rmSync(join(site, 'prerendered', '.written-with.json'));
    await prerenderPages(site, () => undefined);
    expect(registrationPages()).toEqual(written);
  });

  test('a rollback or a promotion to a published version that fails on the server is refused', async () => {
    const site = deployedSite();
    publishFaultyVersion(site, 'registration', 'broken', 'throw-render');
    const before = snapshot(site);

    const rollback = await cli('rollback', 'registration', 'broken', '--target', site);
    expect(rollback.code).not.toBe(0);
    expect(rollback.output).toContain('refused: registration broken does not compose /public/register on the server (render)');
    expect(snapshot(site)).toEqual(before);

    // A canary put there by hand, as a tool that checks nothing would: promoting it is refused.
    movePointers(site, 'registration', { canary: { version: 'broken', percentage: 10 } });
    const canaried = snapshot(site);
    const promote = await cli('promote', 'registration', '--target', site);
    expect(promote.code).not.toBe(0);
    expect(promote.output).toContain('refused: registration broken does not compose /public/register on the server (render)');
    expect(snapshot(site)).toEqual(canaried);
  });
});
