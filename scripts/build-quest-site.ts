/**
 * `node scripts/build-quest-site.ts`, after `npm run build`: the same release as a quest site. The shell
 * is built again with PUBLIC_BRAND=quest into dist/quest/public, and everything else the assembled site
 * holds next to the shell (the remotes, their registry, the release) is copied from dist/public as it
 * is, whatever its layout. shell/dist and dist/public are left alone. The caller's PUBLIC_* variables
 * reach the build: PUBLIC_PREVIEW=true makes it a preview build with the theme switcher.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PRERENDERED_FOLDER, prerenderPages } from '../release/src/prerender.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const atomSite = join(root, 'dist', 'public');
const questSite = join(root, 'dist', 'quest', 'public');

if (!existsSync(atomSite)) throw new Error('dist/public is missing: run `npm run build` first');

// The shell offers an update when the server's release differs from its own: it gets the release's id.
const { version: releaseId } = JSON.parse(readFileSync(join(atomSite, 'release.json'), 'utf8')) as { version?: unknown };
if (typeof releaseId !== 'string') throw new Error('dist/public/release.json names no release version');

rmSync(questSite, { recursive: true, force: true });
execFileSync('npm', ['run', 'build', '--workspace', 'shell', '--', '--dist-path', questSite], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, PUBLIC_BRAND: 'quest', PUBLIC_RELEASE_ID: releaseId },
});

// The shell's server build (its ssr environment) keeps its own folder, shell/dist/server, whatever
// --dist-path says: without it the quest site would compose its pages with the atom shell's brand.
cpSync(join(root, 'shell', 'dist', 'server'), join(questSite, 'server'), { recursive: true });
const shellFiles = new Set(readdirSync(questSite));
// The pages written for static hosts are the atom shell's: the quest site writes its own below.
const shared = readdirSync(atomSite).filter((name) => !shellFiles.has(name) && name !== PRERENDERED_FOLDER);
for (const name of shared) cpSync(join(atomSite, name), join(questSite, name), { recursive: true });
console.log(`assembled dist/quest/public (release ${releaseId}): the quest shell with ${shared.join(', ')} from dist/public`);
await prerenderPages(questSite, (line) => console.log(`  ${line}`));
