/**
 * `node scripts/check-deterministic-build.ts [remote ...]` (default: login): builds each remote in two
 * copies of the working tree, in two other folders, with another release id and other shell settings in
 * each, and fails unless both builds get the same version id (ADR 014). A remote's id must depend on its
 * own sources alone: not on the folder it is built in, the commit (the release id) or the shell's
 * configuration (issue 22). Login by default: it reads build variables of its own, unset here. `npm test` runs
 * it (about 10 s).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contentVersion, readBuild } from '../release/src/commands.ts';
import { isRemote, type Remote } from '../release/src/registry.ts';
import { deployableFiles } from '../release/src/targets/files.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The working tree as it is (committed or not, ignored files left out), beside the installed packages. */
const copyCheckout = (destination: string) => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    mkdirSync(dirname(join(destination, file)), { recursive: true });
    cpSync(join(root, file), join(destination, file), { verbatimSymlinks: true });
  }
  // Hard links where the temporary folder is on the same disk: a copy of 600 MB of packages takes longer than the build.
  try {
    execFileSync('cp', ['-al', join(root, 'node_modules'), join(destination, 'node_modules')], { stdio: 'ignore' });
  } catch {
    rmSync(join(destination, 'node_modules'), { recursive: true, force: true });
    execFileSync('cp', ['-a', join(root, 'node_modules'), join(destination, 'node_modules')]);
  }
};

/** The caller's PUBLIC_ settings left out, so that only `settings` differ between the two builds. */
const buildEnv = (settings: Record<string, string>) => ({
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PUBLIC_'))),
  ...settings,
});

const SETTINGS: Record<string, string>[] = [
  { PUBLIC_RELEASE_ID: '20260101000000-aaaaaaaa_00000000' },
  { PUBLIC_RELEASE_ID: '20260202000000-bbbbbbbb_11111111', PUBLIC_SENTRY_DSN: 'https://key@sentry.invalid/1', PUBLIC_GTM_ID: 'GTM-CHECK', PUBLIC_PREVIEW: 'true' },
];

const remotes = process.argv.slice(2);
const unknown = remotes.filter((name) => !isRemote(name));
if (unknown.length > 0) throw new Error(`unknown remote ${unknown.join(', ')}`);
const checked = (remotes.length > 0 ? remotes : ['login']) as Remote[];

const workspace = mkdtempSync(join(tmpdir(), 'entry-determinism-'));
let failed = false;
try {
  const folders = SETTINGS.map((_, index) => join(workspace, `checkout-${index + 1}`));
  for (const folder of folders) copyCheckout(folder);
  for (const remote of checked) {
    const builds = folders.map((folder, index) => {
      execFileSync('npm', ['run', 'build', '--workspace', `remotes/${remote}`], { cwd: folder, stdio: 'ignore', env: buildEnv(SETTINGS[index] ?? {}) });
      const dir = join(folder, 'remotes', remote, 'dist');
      return { dir, version: contentVersion(readBuild(remote, dir), dir) };
    });
    const [first, second] = builds as [(typeof builds)[0], (typeof builds)[0]];
    if (first.version === second.version) {
      console.log(`${remote}: ${first.version} in both folders`);
      continue;
    }
    failed = true;
    const files = [...new Set([...deployableFiles(first.dir), ...deployableFiles(second.dir)])];
    const differing = files.filter((file) => {
      try {
        return !readFileSync(join(first.dir, file)).equals(readFileSync(join(second.dir, file)));
      } catch {
        return true;
      }
    });
    console.error(`${remote}: ${first.version} and ${second.version} from the same sources; files that differ:`);
    for (const file of differing.slice(0, 10)) console.error(`  ${file}`);
    if (differing.length > 10) console.error(`  and ${differing.length - 10} more`);
  }
} finally {
  rmSync(workspace, { recursive: true, force: true });
}
if (failed) process.exit(1);
