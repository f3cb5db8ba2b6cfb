import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReleaseError } from '../registry.ts';
import { folderTarget } from './folder.ts';

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
