import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isFile } from '../http/static-files.ts';
import type { WorkerSite } from './composition-protocol.ts';
import type { VersionSet } from './version-set.ts';

/**
 * The deployed site as the server reads it (the registry, the release, the page template, the code that
 * composes pages): its deploy folder, or on a node reading a store, what that node holds in memory and
 * never writes to its disk (store/site-mirror.ts, ADR 020).
 */
export type DeployedSite = {
  /** A file's text, by its path below the site's root; null when the site has none there. */
  text(path: string): string | null;
  /** Changes whenever the file at `path` does; null when there is none. What is made of a file is kept until then. */
  stamp(path: string): string | null;
  /** Whether a path below the site's root (as a request names it, percent-encoded) is one of its files. */
  isFile(relativePath: string): boolean;
  /** Where the composition worker of a version set reads the code it runs. */
  forWorker(set: VersionSet): WorkerSite;
};

export const folderSite = (dir: string): DeployedSite => ({
  text: (path) => {
    try {
      return readFileSync(join(dir, path), 'utf8');
    } catch {
      return null;
    }
  },
  // A release renames a new file into place, so the inode tells a change that keeps the size and the time.
  stamp: (path) => {
    try {
      const { mtimeMs, size, ino } = statSync(join(dir, path));
      return `${mtimeMs} ${size} ${ino}`;
    } catch {
      return null;
    }
  },
  isFile: (relativePath) => isFile(dir, relativePath),
  forWorker: () => ({ kind: 'folder', dir }),
});

/** A file of the site read again only when it changed; a site without it throws, with the code ENOENT. */
export const fileWatcher = <T>(site: DeployedSite, path: string, read: (text: string) => T) => {
  let cached: { stamp: string; value: T } | null = null;
  const missing = () => Object.assign(new Error(`The site has no ${path}`), { code: 'ENOENT' });
  return (): T => {
    const stamp = site.stamp(path);
    if (stamp === null) throw missing();
    if (cached?.stamp !== stamp) {
      const text = site.text(path);
      if (text === null) throw missing();
      cached = { stamp, value: read(text) };
    }
    return cached.value;
  };
};
