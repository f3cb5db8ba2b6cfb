/**
 * Deploys the build to the local environment, the folder the reference server serves:
 *   dist/public/                          the shell (index.html, static/**, its mf-manifest.json)
 *   dist/public/shell-contract.json       what the shell needs from each remote (the release gate reads it)
 *   dist/public/release.json              the running release id (GET /app-metadata/latest-release)
 *   dist/public/remotes/<name>/<version>/ each remote's build, in a folder of its own version
 *   dist/public/remotes.json              the registry: live version, fallback, canary, history
 * Each remote goes through the same release step as `npm run release`, so a published version is never
 * overwritten and earlier ones stay for open sessions. Delete dist/ to start an environment afresh.
 */
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { userInfo } from 'node:os';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, routeIdsOwnedBy } from '../shared/routes/src/route-table.ts';
import { SCREENS_EXPOSE } from '../shared/routes/src/remote-contract.ts';
import { defaultVersion, release, SHELL_CONTRACT, type Context } from '../release/src/commands.ts';
import { parseManifest } from '../release/src/gate.ts';
import { parseRegistry } from '../release/src/registry.ts';
import { folderTarget } from '../release/src/targets/folder.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'public');

// The shell was built with this id (scripts/build.ts); the server reports it as the latest release.
const releaseId = process.env.PUBLIC_RELEASE_ID;
if (!releaseId) throw new Error('PUBLIC_RELEASE_ID is not set: build with `npm run build`');

mkdirSync(out, { recursive: true });
cpSync(join(root, 'shell', 'dist'), out, { recursive: true });
const contract = {
  release: releaseId,
  remotes: Object.fromEntries(
    REMOTE_NAMES.filter((name) => routeIdsOwnedBy(name).length > 0).map((name) => [name, { exposes: [`./${SCREENS_EXPOSE}`] }]),
  ),
};
writeFileSync(join(out, SHELL_CONTRACT), `${JSON.stringify(contract, null, 2)}\n`);
writeFileSync(join(out, 'release.json'), `${JSON.stringify({ version: releaseId })}\n`);
console.log(`assembled dist/public (release ${releaseId})`);

const target = folderTarget(out);
const context: Context = {
  target,
  by: process.env.RELEASE_BY ?? userInfo().username,
  now: () => new Date(),
  fallbacks: async () => null,
  print: (line) => console.log(`  ${line}`),
};
const registry = parseRegistry(await target.read('remotes.json'));
for (const remote of REMOTE_NAMES) {
  const sourceDir = join(root, 'remotes', remote, 'dist');
  const manifestText = readFileSync(join(sourceDir, 'mf-manifest.json'), 'utf8');
  const version = defaultVersion(parseManifest(manifestText, `${remote}'s mf-manifest.json`), manifestText);
  if (registry.remotes[remote]?.live === version && !registry.remotes[remote].canary) {
    console.log(`  ${remote} ${version} is live already`);
    continue;
  }
  await release(context, { remote, sourceDir, version, canary: null, why: 'npm run build' });
}
