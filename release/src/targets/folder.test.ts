import type * as NodeFs from 'node:fs';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ReleaseError } from '../registry.ts';
import { folderTarget } from './folder.ts';

// A full or read-only disk cannot be made in a test (root ignores permissions): the copy and the
// write are wrapped so that a test can make them fail the way such a disk does.
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof NodeFs>();
  return { ...fs, cpSync: vi.fn(fs.cpSync), writeFileSync: vi.fn(fs.writeFileSync) };
});
const diskError = (code: string) => Object.assign(new Error(`${code}: simulated`), { code });

let root: string;
let build: string;

const write = (dir: string, files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'release-folder-'));
  build = mkdtempSync(join(tmpdir(), 'release-build-'));
  write(build, { 'mf-manifest.json': '{"name":"registration"}', 'remoteEntry.js': 'entry', 'static/js/a.js': 'a' });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(build, { recursive: true, force: true });
});

describe('read', () => {
  it('gives null for a file that is not there', async () => {
    expect(await folderTarget(root).read('remotes.json')).toBeNull();
  });

  it('gives the text of a file that is', async () => {
    write(root, { 'shell-contract.json': '{}' });

    expect(await folderTarget(root).read('shell-contract.json')).toBe('{}');
  });

  it('refuses a path outside the deploy folder', async () => {
    await expect(folderTarget(root).read('../x')).rejects.toThrow(/outside the deploy folder/);
    await expect(folderTarget(root).publish('remotes/../../x', build)).rejects.toThrow(ReleaseError);
  });

  it('works with a deploy folder given with a trailing slash', async () => {
    write(root, { 'shell-contract.json': '{}' });

    expect(await folderTarget(`${root}/`).read('shell-contract.json')).toBe('{}');
  });
});

describe('publish', () => {
  it('copies every file of the build into the version folder', async () => {
    expect(await folderTarget(root).publish('remotes/registration/1.0.0', build)).toBe('published');

    const published = join(root, 'remotes/registration/1.0.0');
    expect(readFileSync(join(published, 'static/js/a.js'), 'utf8')).toBe('a');
    expect(readFileSync(join(published, 'remoteEntry.js'), 'utf8')).toBe('entry');
    expect(readdirSync(join(root, 'remotes/registration'))).toEqual(['1.0.0']);
  });

  it('publishes no mf-stats.json, at any depth', async () => {
    write(build, { 'mf-stats.json': '{}', 'server/mf-stats.json': '{}', 'server/remoteEntry.js': 'ssr' });

    await folderTarget(root).publish('remotes/registration/1.0.0', build);

    expect(readdirSync(join(root, 'remotes/registration/1.0.0/server'))).toEqual(['remoteEntry.js']);
    expect(existsSync(join(root, 'remotes/registration/1.0.0/mf-stats.json'))).toBe(false);
  });

  it('is unchanged when the same files are published again', async () => {
    const target = folderTarget(root);
    await target.publish('remotes/registration/1.0.0', build);

    expect(await target.publish('remotes/registration/1.0.0', build)).toBe('unchanged');
  });

  it('never overwrites a published version with other files', async () => {
    const target = folderTarget(root);
    await target.publish('remotes/registration/1.0.0', build);
    write(build, { 'static/js/a.js': 'changed' });

    await expect(target.publish('remotes/registration/1.0.0', build)).rejects.toThrow(/already published with other files/);
    expect(readFileSync(join(root, 'remotes/registration/1.0.0/static/js/a.js'), 'utf8')).toBe('a');
    expect(readdirSync(join(root, 'remotes/registration'))).toEqual(['1.0.0']);
  });
});

describe('publish on a failing disk', () => {
  it('gives one readable line and leaves no partial folder when the disk fills mid-copy', async () => {
    vi.mocked(cpSync).mockImplementationOnce((_, destination) => {
      mkdirSync(join(String(destination), 'static'), { recursive: true });
      writeFileSync(join(String(destination), 'remoteEntry.js'), 'half');
      throw diskError('ENOSPC');
    });

    await expect(folderTarget(root).publish('remotes/registration/1.0.0', build)).rejects.toThrow(
      new ReleaseError(`cannot publish remotes/registration/1.0.0 to folder ${root}: no space left on the device (ENOSPC)`),
    );
    expect(readdirSync(join(root, 'remotes/registration'))).toEqual([]);
  });

  it('says a read-only target is read-only', async () => {
    vi.mocked(cpSync).mockImplementationOnce(() => {
      throw diskError('EROFS');
    });

    await expect(folderTarget(root).publish('remotes/registration/1.0.0', build)).rejects.toThrow(/: the file system is read-only \(EROFS\)$/);
  });

  it('keeps the registry and leaves no temporary file when it cannot be written', async () => {
    writeFileSync(join(root, 'remotes.json'), 'before');
    vi.mocked(writeFileSync).mockImplementationOnce(() => {
      throw diskError('ENOSPC');
    });

    await expect(folderTarget(root).updateRegistry(() => 'after')).rejects.toThrow(
      new ReleaseError(`cannot write ${join(root, 'remotes.json')}: no space left on the device (ENOSPC)`),
    );
    expect(readdirSync(root)).toEqual(['remotes.json']);
    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).toBe('before');
  });
});

describe('listFolders and remove', () => {
  it('lists published versions with when they were published, never a partial copy', async () => {
    const target = folderTarget(root);
    await target.publish('remotes/registration/1.0.0', build);
    mkdirSync(join(root, 'remotes/registration/.partial-2.0.0-abcd'));

    const folders = await target.listFolders('remotes/registration');

    expect(folders.map(({ name }) => name)).toEqual(['1.0.0']);
    expect(folders[0]?.publishedAt).toBeInstanceOf(Date);
    expect(await target.listFolders('remotes/taster')).toEqual([]);
  });

  it('deletes a version folder whole, server build included', async () => {
    write(build, { 'server/remoteEntry.js': 'ssr' });
    const target = folderTarget(root);
    await target.publish('remotes/registration/1.0.0', build);
    await target.publish('remotes/registration/2.0.0', build);

    await target.remove('remotes/registration/1.0.0');

    expect(readdirSync(join(root, 'remotes/registration'))).toEqual(['2.0.0']);
    expect(readFileSync(join(root, 'remotes/registration/2.0.0/server/remoteEntry.js'), 'utf8')).toBe('ssr');
  });
});

describe('updateRegistry', () => {
  const lockFile = () => join(root, 'remotes.json.lock');

  it('stores what the change returns, given what was there', async () => {
    const target = folderTarget(root);
    await target.updateRegistry((current) => `${current ?? 'none'}+1`);
    await target.updateRegistry((current) => `${current ?? 'none'}+2`);

    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).toBe('none+1+2');
  });

  it('leaves no temporary file and no lock behind', async () => {
    await folderTarget(root).updateRegistry(() => '{}');

    expect(readdirSync(root)).toEqual(['remotes.json']);
  });

  it('removes the lock and keeps the old file when the change throws', async () => {
    const target = folderTarget(root);
    await target.updateRegistry(() => 'old');

    await expect(
      target.updateRegistry(() => {
        throw new ReleaseError('refused');
      }),
    ).rejects.toThrow('refused');
    expect(readdirSync(root)).toEqual(['remotes.json']);
    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).toBe('old');
  });

  it('loses no update when many run at once', async () => {
    const target = folderTarget(root);
    const append = (item: number) =>
      target.updateRegistry((current) => JSON.stringify([...(JSON.parse(current ?? '[]') as number[]), item]));

    await Promise.all(Array.from({ length: 20 }, (_, item) => append(item)));

    const items = JSON.parse(readFileSync(join(root, 'remotes.json'), 'utf8')) as number[];
    expect(items.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, item) => item));
    expect(existsSync(lockFile())).toBe(false);
  });

  it('takes over a lock left by a release that died', async () => {
    writeFileSync(lockFile(), '');
    const minuteAgo = new Date(Date.now() - 60_000);
    utimesSync(lockFile(), minuteAgo, minuteAgo);

    await folderTarget(root, { lockWaitMs: 2000, staleLockMs: 30_000 }).updateRegistry(() => 'after');

    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).toBe('after');
    expect(existsSync(lockFile())).toBe(false);
  });

  it('gives up on a lock another release holds, leaving its lock and the registry alone', async () => {
    writeFileSync(join(root, 'remotes.json'), 'before');
    writeFileSync(lockFile(), '');

    await expect(folderTarget(root, { lockWaitMs: 100 }).updateRegistry(() => 'after')).rejects.toThrow(
      new ReleaseError(`another release holds ${lockFile()}; try again, or remove it if no release is running`),
    );
    expect(existsSync(lockFile())).toBe(true);
    expect(readFileSync(join(root, 'remotes.json'), 'utf8')).toBe('before');
  });
});
