/**
 * How long the release commands take for an already built remote (issue 22 wants each under 0.5 s, the
 * median), as the release manager runs them: a whole `node` process each, against a copy of the built
 * site. The first round compiles the tooling and the shell's server build for Node's cache (run.js);
 * the median is of runs as a release manager's second command meets them.
 */
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

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
  'release --rollout 5,25,50,100': [],
};
for (let round = 0; round < rounds; round += 1) {
  figures['release (publish + move)']?.push(timed('release', 'registration', '--from', build, '--version', `bench-${round}`));
  figures['release --canary 50%']?.push(timed('release', 'registration', '--from', build, '--version', `bench-canary-${round}`, '--canary', '50%'));
  figures.promote?.push(timed('promote', 'registration'));
  figures.rollback?.push(timed('rollback', 'registration'));
  figures.releases?.push(timed('releases', 'registration'));
  figures['prune --keep 2']?.push(timed('prune', 'registration', '--keep', '2'));
  figures['release --rollout 5,25,50,100']?.push(timed('release', 'registration', '--from', build, '--version', `bench-rollout-${round}`, '--rollout', '5,25,50,100'));
  execFileSync(process.execPath, ['release/src/run.js', 'release', 'registration', '--abort', '--target', deploy, '--by', 'bench'], { cwd: root, stdio: 'ignore' });
}

/**
 * Two moves of one remote started at the same moment, a release and a rollback, as two release
 * managers would: with compare-and-swap exactly one lands and the other is refused, saying what landed.
 */
const together = async (round: number) => {
  const run = (...args: string[]) =>
    promisify(execFile)(process.execPath, ['release/src/run.js', ...args, '--target', deploy, '--by', `bench-${args[0]}`], { cwd: root }).then(
      ({ stdout }) => ({ landed: true, output: stdout }),
      (error: { stdout: string }) => ({ landed: false, output: error.stdout }),
    );
  const outcomes = await Promise.all([run('release', 'registration', '--from', build, '--version', `bench-together-${round}`), run('rollback', 'registration')]);
  const refused = outcomes.find(({ landed }) => !landed);
  return { landed: outcomes.filter(({ landed }) => landed).length, refusal: refused?.output.split('\n').find((line) => line.startsWith('refused:')) };
};
const pairs = [];
for (let round = 0; round < rounds; round += 1) pairs.push(await together(round));
rmSync(dirname(deploy), { recursive: true, force: true });

console.log(`\nRelease commands, folder target, registration remote (median of ${rounds}, whole process):`);
for (const [name, values] of Object.entries(figures)) console.log(`  ${name.padEnd(30)} ${Math.round(median(values))} ms`);
const oneLanded = pairs.filter(({ landed, refusal }) => landed === 1 && refusal).length;
console.log(`Two simultaneous moves (a release and a rollback started together), ${rounds} rounds:`);
console.log(`  exactly one landed, the other refused: ${oneLanded} of ${rounds}; both landed one after the other: ${pairs.filter(({ landed }) => landed === 2).length}`);
const example = pairs.find(({ refusal }) => refusal)?.refusal;
if (example) console.log(`  e.g. ${example}`);
