import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/** Every file below `dir`, as paths relative to it with forward slashes, sorted. */
export const listFiles = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();

/** A digest of a folder's files and contents: equal digests, same published version. */
export const folderDigest = (dir: string): string => {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) hash.update(file).update('\0').update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex');
};
