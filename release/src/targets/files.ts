import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';

/**
 * Build analysis that no browser or server loads, and that Module Federation writes differently from
 * one build of the same sources to the next (its shared modules' `usedIn` and `requires`): it is never
 * published, so it neither changes a version's id nor makes two identical builds differ.
 */
const BUILD_ONLY = new Set(['mf-stats.json']);

/** True for a file a release publishes: everything a build holds, sub-folders (a server build) included. */
export const isDeployable = (path: string): boolean => !BUILD_ONLY.has(basename(path));

/** Every file below `dir`, as paths relative to it with forward slashes, sorted. */
export const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();

/** Every file of a build folder that a release publishes. */
export const deployableFiles = (dir: string): string[] => listFiles(dir).filter(isDeployable);

/** A digest of a build's published files and their contents: equal digests, same published version. */
export const folderDigest = (dir: string): string => {
  const hash = createHash('sha256');
  for (const file of deployableFiles(dir)) hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex');
};
