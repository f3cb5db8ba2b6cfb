import { closeSync, openSync, rmSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { ReleaseError } from '../registry.ts';
import { ioFailure } from './io-failure.ts';

export type LockOptions = { waitMs?: number; staleMs?: number };

const errorCode = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Runs `work` holding `lockFile`, which only one process can create at a time: releases running at once
 * on one folder take turns. A lock older than `staleMs` was left by a process that died mid-update and
 * would block every release: it is taken over.
 */
export const withLockFile = async <T>(lockFile: string, work: () => Promise<T> | T, { waitMs = 10_000, staleMs = 30_000 }: LockOptions = {}): Promise<T> => {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      closeSync(openSync(lockFile, 'wx'));
      break;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw ioFailure(error, `create the lock ${lockFile}`);
    }
    try {
      if (Date.now() - statSync(lockFile).mtimeMs > staleMs) rmSync(lockFile, { force: true });
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw ioFailure(error, `remove the stale lock ${lockFile}`);
    }
    if (Date.now() > deadline) throw new ReleaseError(`another release holds ${lockFile}; try again, or remove it if no release is running`);
    await sleep(25 + Math.random() * 50);
  }
  try {
    return await work();
  } finally {
    rmSync(lockFile, { force: true });
  }
};
