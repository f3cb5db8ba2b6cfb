/** Where an environment's site lives: the shell at the root, remotes/<name>/<version>/ and remotes.json. */
export interface DeployTarget {
  /** For output: the folder or bucket this is. */
  readonly description: string;
  /** The site's folder on this machine, when it is one (the pages for static hosts are written there). */
  readonly localFolder?: string;
  /** A file's text, or null when there is none. Paths are relative to the site's root. */
  read(path: string): Promise<string | null>;
  /**
   * Copies every file of `sourceDir`, sub-folders included, to `path`. A published version is never
   * overwritten: when the folder is there already with the same files this is 'unchanged', with other
   * files it is refused. A failed copy leaves nothing a visitor or a later release could take for the
   * version.
   */
  publish(path: string, sourceDir: string): Promise<'published' | 'unchanged'>;
  /**
   * Reads remotes.json (null when absent), stores what `change` returns, atomically: a reader sees the
   * old file or the new one, never a part. Updates are serialised, so a concurrent one is never lost.
   */
  updateRegistry(change: (current: string | null) => string): Promise<void>;
  /** The published version folders under `path` (remotes/<name>), with when each was published. */
  listFolders(path: string): Promise<{ name: string; publishedAt: Date }[]>;
  /** Deletes a published version folder; its manifest goes first, so no visitor loads half a version. */
  remove(path: string): Promise<void>;
}

export const REGISTRY_FILE = 'remotes.json';
