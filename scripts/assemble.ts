/**
 * Lays the built apps out as the reference server serves them:
 *   dist/public/            the shell (index.html, static/**)
 *   dist/public/remotes/<name>/<version>/   each remote's build, in a folder of its own version
 *   dist/public/remotes.json                the registry pointing the shell at each remote
 *   dist/public/release.json                the running release id (GET /app-metadata/latest-release)
 */
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'dist', 'public');
const remotes = ['login', 'registration', 'taster', 'assessments'] as const;

/** A remote's version: its package version and a hash of its manifest, so a new build is a new folder. */
const versionOf = (folder: string): string => {
  const { version } = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { version: string };
  const manifest = readFileSync(join(folder, 'dist', 'mf-manifest.json'));
  return `${version}-${createHash('sha256').update(manifest).digest('hex').slice(0, 8)}`;
};

rmSync(join(root, 'dist'), { recursive: true, force: true });
mkdirSync(out, { recursive: true });
cpSync(join(root, 'shell', 'dist'), out, { recursive: true });

const registry = Object.fromEntries(
  remotes.map((name) => {
    const folder = join(root, 'remotes', name);
    const version = versionOf(folder);
    const target = join(out, 'remotes', name, version);
    cpSync(join(folder, 'dist'), target, { recursive: true });
    return [name, { version, entry: `/public/remotes/${name}/${version}/mf-manifest.json` }];
  }),
);

// The shell was built with this id (scripts/build.ts); the server reports it as the latest release.
const release = process.env.PUBLIC_RELEASE_ID;
if (!release) throw new Error('PUBLIC_RELEASE_ID is not set: build with `npm run build`');
writeFileSync(join(out, 'remotes.json'), `${JSON.stringify({ remotes: registry }, null, 2)}\n`);
writeFileSync(join(out, 'release.json'), `${JSON.stringify({ version: release })}\n`);
console.log(`assembled dist/public (release ${release})`);
for (const [name, { version }] of Object.entries(registry)) console.log(`  ${name.padEnd(13)} ${version}`);
