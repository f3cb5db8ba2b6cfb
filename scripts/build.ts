/**
 * `npm run build`: one release id for the whole build (the shell sends it with every call and
 * compares it with the server's latest), every workspace built with it, then the site assembled.
 *
 * The id is derived, never stamped with the build's time: the commit's time and hash, then a digest of
 * any uncommitted changes and the PUBLIC_ configuration (`20261124211600-6d71763f_4f53cda1`). The same
 * sources and configuration build the same site, so building again deploys nothing new and tells no open
 * tab of an update; a change to any of them gives a new id.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const git = (...args: string[]): string | null => {
  try {
    return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
};

/** What the build is made of beyond the commit: uncommitted edits, new files, and the configuration. */
const inputsDigest = (): string => {
  const hash = createHash('sha256');
  hash.update(git('diff', 'HEAD', '--binary') ?? '');
  for (const file of (git('ls-files', '--others', '--exclude-standard', '-z') ?? '').split('\0').filter(Boolean).sort()) {
    hash.update(file).update('\0');
    try {
      hash.update(readFileSync(file));
    } catch {
      // Gone since git listed it.
    }
  }
  const configuration = Object.entries(process.env)
    .filter(([name]) => name.startsWith('PUBLIC_') && name !== 'PUBLIC_RELEASE_ID')
    .sort(([a], [b]) => a.localeCompare(b));
  hash.update(JSON.stringify(configuration));
  return hash.digest('hex').slice(0, 8);
};

const commit = git('rev-parse', '--short=8', 'HEAD')?.trim() || 'nogit';
const committedAt = git('show', '-s', '--format=%ct', 'HEAD')?.trim() || '0';
const stamp = new Date(Number(committedAt) * 1000).toISOString().replace(/\D/g, '').slice(0, 14);
const releaseId = process.env.PUBLIC_RELEASE_ID || `${stamp}-${commit}_${inputsDigest()}`;
const env = { ...process.env, PUBLIC_RELEASE_ID: releaseId };

execFileSync('npm', ['run', 'build', '--workspaces', '--if-present'], { stdio: 'inherit', env });
execFileSync(process.execPath, ['scripts/assemble.ts'], { stdio: 'inherit', env });
