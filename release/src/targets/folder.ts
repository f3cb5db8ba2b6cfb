import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve as resolvePath, sep } from 'node:path';
import { ReleaseError } from '../registry.ts';
import { folderDigest, isDeployable } from './files.ts';
import { ioFailure } from './io-failure.ts';
import { withLockFile } from './lock-file.ts';
import { REGISTRY_FILE, type DeployTarget } from './target.ts';

type Options = { lockWaitMs?: number; staleLockMs?: number };

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;
const suffix = () => randomBytes(4).toString('hex');
const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** Removes a folder of our own making, quietly: the error that made it leftover is the one to report. */
const removeQuietly = (path: string) => {
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    // Nothing more to do here; names starting with "." are never taken for versions.
  }
};

/**
 * The default target: a folder a web server serves as /public (the reference server's dist/public, or
 * a static host's document root). Updates hold an exclusive lock file; the registry is written to a
 * temporary file and renamed over the old one. A version is copied into a hidden folder and renamed
 * into place, so a failed copy never leaves something that looks published.
 */
export const folderTarget = (root: string, { lockWaitMs = 10_000, staleLockMs = 30_000 }: Options = {}): DeployTarget => {
  // Absolute, without a trailing slash: "dist/public/" or "." must contain their own files.
  const base = resolvePath(root);
  const description = `folder ${root}`;
  const resolve = (path: string) => {
    const file = resolvePath(base, path);
    if (!file.startsWith(base + sep)) throw new ReleaseError(`${path} is outside the deploy folder`);
    return file;
  };
  const registryFile = join(root, REGISTRY_FILE);
  const lockFile = `${registryFile}.lock`;

  return {
    description,
    localFolder: base,

    async read(path) {
      try {
        return readFileSync(resolve(path), 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT' || errorCode(error) === 'ENOTDIR') return null;
        throw ioFailure(error, `read ${path} in ${description}`);
      }
    },

    async publish(path, sourceDir) {
      const destination = resolve(path);
      if (!existsSync(destination)) {
        const partial = join(dirname(destination), `.partial-${basename(destination)}-${suffix()}`);
        try {
          mkdirSync(dirname(destination), { recursive: true });
          cpSync(sourceDir, partial, { recursive: true, filter: isDeployable });
          renameSync(partial, destination);
          return 'published';
        } catch (error) {
          removeQuietly(partial);
          // Another release published the same version meanwhile: compare with what it wrote.
          const raced = ['ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '') && isFolder(destination);
          if (!raced) throw ioFailure(error, `publish ${path} to ${description}`);
        }
      }
      if (folderDigest(destination) === folderDigest(sourceDir)) return 'unchanged';
      throw new ReleaseError(`${path} is already published with other files; a published version is never overwritten`);
    },

    async updateRegistry(change) {
      await withLockFile(
        lockFile,
        () => {
          const temporary = `${registryFile}.${process.pid}-${suffix()}.tmp`;
          try {
            const current = existsSync(registryFile) ? readFileSync(registryFile, 'utf8') : null;
            const next = change(current);
            writeFileSync(temporary, next);
            renameSync(temporary, registryFile);
          } catch (error) {
            rmSync(temporary, { force: true });
            throw ioFailure(error, `write ${registryFile}`);
          }
        },
        { waitMs: lockWaitMs, staleMs: staleLockMs },
      );
    },

    async listFolders(path) {
      const folder = resolve(path);
      try {
        return readdirSync(folder, { withFileTypes: true })
          .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
          .map(({ name }) => {
            const manifest = join(folder, name, 'mf-manifest.json');
            return { name, publishedAt: statSync(existsSync(manifest) ? manifest : join(folder, name)).mtime };
          });
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return [];
        throw ioFailure(error, `list ${path} in ${description}`);
      }
    },

    async remove(path) {
      const folder = resolve(path);
      // Renamed away first, the version disappears at once rather than file by file.
      const doomed = join(dirname(folder), `.deleting-${basename(folder)}-${suffix()}`);
      try {
        renameSync(folder, doomed);
        rmSync(doomed, { recursive: true, force: true });
      } catch (error) {
        throw ioFailure(error, `delete ${path} in ${description}`);
      }
    },
  };
};
