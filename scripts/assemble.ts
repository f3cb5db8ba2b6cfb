/**
 * Deploys the build to the local environment, the folder the reference server serves:
 *   dist/public/                          the shell (index.html, static/**, its mf-manifest.json)
 *   dist/public/shell-contract.json       what the shell needs from each remote (the release gate reads it)
 *   dist/public/release.json              the running release id (GET /app-metadata/latest-release)
 *   dist/public/remotes/<name>/<version>/ each remote's build, in a folder named by its content
 *   dist/public/remotes.json              the registry: live version, fallback, canary, history
 * Remotes are published and the registry moved before the shell is touched, and a build never undoes a
 * release manager's rollback or canary (release/src/deploy-site.ts). Running it again changes nothing.
 */
import { userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTE_NAMES, routeIdsOwnedBy } from '../shared/routes/src/route-table.ts';
import { SCREENS_EXPOSE } from '../shared/routes/src/remote-contract.ts';
import { deploySite } from '../release/src/deploy-site.ts';
import { ReleaseError } from '../release/src/registry.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// The shell was built with this id (scripts/build.ts); the server reports it as the latest release.
const releaseId = process.env.PUBLIC_RELEASE_ID;
if (!releaseId) throw new Error('PUBLIC_RELEASE_ID is not set: build with `npm run build`');

const routed = REMOTE_NAMES.filter((name) => routeIdsOwnedBy(name).length > 0);
try {
  await deploySite({
    deployDir: join(root, 'dist', 'public'),
    shellDir: join(root, 'shell', 'dist'),
    contract: { release: releaseId, remotes: Object.fromEntries(routed.map((name) => [name, { exposes: [`./${SCREENS_EXPOSE}`] }])) },
    remoteDirs: Object.fromEntries(routed.map((name) => [name, join(root, 'remotes', name, 'dist')])),
    releaseId,
    move: { by: process.env.RELEASE_BY ?? userInfo().username, why: 'npm run build', at: new Date().toISOString() },
    print: (line) => console.log(`  ${line}`),
  });
} catch (error) {
  if (!(error instanceof ReleaseError)) throw error;
  console.error(error.message);
  process.exit(1);
}
