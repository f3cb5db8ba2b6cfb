import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, openSync, closeSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve as resolvePath, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReleaseError } from '../registry.ts';
import { folderDigest } from './files.ts';
import { REGISTRY_FILE, type DeployTarget } from './target.ts';

type Options = { lockWaitMs?: number; staleLockMs?: number };

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * The default target: a folder a web server serves as /public (the reference server's dist/public, or
 * a static host's document root). Updates hold an exclusive lock file; the registry is written to a
 * temporary file and renamed over the old one.
 */
export const folderTarget = (root: string, { lockWaitMs = 10_000, staleLockMs = 30_000 }: Options = {}): DeployTarget => {
  // Absolute, without a trailing slash: "dist/public/" or "." must contain their own files.
  const base = resolvePath(root);
  const resolve = (path: string) => {
    const file = resolvePath(base, path);
    if (!file.startsWith(base + sep)) throw new ReleaseError(`${path} is outside the deploy folder`);
    return file;
  };
  const registryFile = join(root, REGISTRY_FILE);
  const lockFile = `${registryFile}.lock`;

  const acquireLock = async () => {
    const deadline = Date.now() + lockWaitMs;
    for (;;) {
      try {
        mkdirSync(root, { recursive: true });
        closeSync(openSync(lockFile, 'wx'));
        return;
      } catch (error) {
        if (errorCode(error) !== 'EEXIST') throw error;
      }
      // A lock left by a process that died mid-update would block every release: past its age, drop it.
      try {
        if (Date.now() - statSync(lockFile).mtimeMs > staleLockMs) rmSync(lockFile, { force: true });
      } catch (error) {
        if (errorCode(error) !== 'ENOENT') throw error;
      }
      if (Date.now() > deadline) {
        throw new ReleaseError(`another release holds ${lockFile}; try again, or remove it if no release is running`);
      }
      await sleep(25 + Math.random() * 50);
    }
  };

  return {
    description: `folder ${root}`,

    async read(path) {
      try {
        return readFileSync(resolve(path), 'utf8');
      } catch (error) {
        if (errorCode(error) === 'ENOENT') return null;
        throw error;
      }
    },

    async publish(path, sourceDir) {
      const destination = resolve(path);
      if (!existsSync(destination)) {
        mkdirSync(dirname(destination), { recursive: true });
        const partial = `${destination}.partial-${randomBytes(4).toString('hex')}`;
        cpSync(sourceDir, partial, { recursive: true });
        try {
          renameSync(partial, destination);
          return 'published';
        } catch (error) {
          rmSync(partial, { recursive: true, force: true });
          // Another release published the same version meanwhile: compare with what it wrote.
          if (!['ENOTEMPTY', 'EEXIST'].includes(errorCode(error) ?? '')) throw error;
        }
      }
      if (folderDigest(destination) === folderDigest(sourceDir)) return 'unchanged';
      throw new ReleaseError(`${path} is already published with other files; a published version is never overwritten`);
    },

    async updateRegistry(change) {
      await acquireLock();
      try {
        const current = existsSync(registryFile) ? readFileSync(registryFile, 'utf8') : null;
        const next = change(current);
        const temporary = `${registryFile}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
        writeFileSync(temporary, next);
        renameSync(temporary, registryFile);
      } finally {
        rmSync(lockFile, { force: true });
      }
    },
  };
};
