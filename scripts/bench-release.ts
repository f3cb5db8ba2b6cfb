/**
 * How long the release commands take for an already built remote (issue 22 wants each under 0.5 s, the
 * median), as the release manager runs them: a whole `node` process each, against a copy of the built
 * site. The first round compiles the tooling and the shell's server build for Node's cache (run.js);
 * the median is of runs as a release manager's second command meets them.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const site = join(root, 'dist', 'public');
if (!existsSync(join(site, 'remotes.json'))) throw new Error('build the site first: npm run build');

const deploy = join(mkdtempSync(join(tmpdir(), 'entry-bench-release-')), 'public');
cpSync(site, deploy, { recursive: true });
const build = join(root, 'remotes', 'registration', 'dist');

const timed = (...args: string[]): number => {
  const started = performance.now();
  execFileSync(process.execPath, ['release/src/run.js', ...args, '--target', deploy, '--by', 'bench'], { cwd: root, stdio: 'ignore' });
  return performance.now() - started;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const rounds = 5;
const figures: Record<string, number[]> = {
  'release (publish + move)': [],
  'release --canary 50%': [],
  promote: [],
  rollback: [],
  releases: [],
  'prune --keep 2': [],
};
for (let round = 0; round < rounds; round += 1) {
  figures['release (publish + move)']?.push(timed('release', 'registration', '--from', build, '--version', `bench-${round}`));
  figures['release --canary 50%']?.push(timed('release', 'registration', '--from', build, '--version', `bench-canary-${round}`, '--canary', '50%'));
  figures.promote?.push(timed('promote', 'registration'));
  figures.rollback?.push(timed('rollback', 'registration'));
  figures.releases?.push(timed('releases', 'registration'));
  figures['prune --keep 2']?.push(timed('prune', 'registration', '--keep', '2'));
}
rmSync(dirname(deploy), { recursive: true, force: true });

console.log(`\nRelease commands, folder target, registration remote (median of ${rounds}, whole process):`);
for (const [name, values] of Object.entries(figures)) console.log(`  ${name.padEnd(26)} ${Math.round(median(values))} ms`);
