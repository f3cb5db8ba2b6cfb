import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The deployed site's files as the server renderer reads them (the page template, manifests, stylesheets,
 * a remote version's server build): a deploy folder on disk, or the files a composition node holds in
 * memory and never writes to its disk (issue 26, ADR 020).
 */
export type SiteFiles = {
  /** A file's text by its path below the site's root, or null when the site has none there. */
  read(path: string): string | null;
  /** The deploy folder the files are in; none for files held in memory. */
  readonly dir?: string;
};

export const folderFiles = (dir: string): SiteFiles => ({
  dir,
  read: (path) => {
    try {
      return readFileSync(join(dir, path), 'utf8');
    } catch {
      return null;
    }
  },
});
