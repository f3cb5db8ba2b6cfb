import { ReleaseError } from '../registry.ts';

/** What a release manager can act on, for the errors a disk or a mount gives. */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOENT: 'no such file or folder',
  ENOTDIR: 'part of the path is not a folder',
  EISDIR: 'a folder is in the way',
  EIO: 'input/output error',
  EMFILE: 'too many open files',
  EBUSY: 'the file or folder is busy',
};

/** A file system error as one readable line naming what was being done; anything else unchanged. */
export const ioFailure = (error: unknown, doing: string): unknown => {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (!code || error instanceof ReleaseError) return error;
  return new ReleaseError(`cannot ${doing}: ${REASONS[code] ?? (error as Error).message} (${code})`);
};
