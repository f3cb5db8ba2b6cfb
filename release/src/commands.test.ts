import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentVersion, describeFailure } from './commands.ts';
import { parseManifest } from './gate.ts';

let dir: string;
const write = (files: Record<string, string>) => {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
};
const MANIFEST = '{"name":"registration","metaData":{"buildInfo":{"buildVersion":"2.3.4"}},"shared":[],"exposes":[]}';
const versionOfDir = () => contentVersion(parseManifest(MANIFEST, 'mf-manifest.json'), dir);

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-version-'));
  write({ 'mf-manifest.json': MANIFEST, 'remoteEntry.js': 'entry', 'static/js/a.js': 'a' });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('contentVersion', () => {
  it('joins the build version and a digest of the build folder', () => {
    expect(versionOfDir()).toMatch(/^2\.3\.4-[0-9a-f]{10}$/);
  });

  it('is the same for the same files, wherever the folder is', () => {
    const first = versionOfDir();
    const elsewhere = dir;
    dir = mkdtempSync(join(tmpdir(), 'content-version-'));
    write({ 'static/js/a.js': 'a', 'remoteEntry.js': 'entry', 'mf-manifest.json': MANIFEST });

    expect(versionOfDir()).toBe(first);
    rmSync(elsewhere, { recursive: true, force: true });
  });

  it.each([
    ['remoteEntry.js', { 'remoteEntry.js': 'other entry' }],
    ['index.html', { 'index.html': '<html>' }],
    ['a chunk', { 'static/js/a.js': 'b' }],
    ['a server build', { 'server/remoteEntry.js': 'module.exports = {}' }],
  ])('changes with %s, which the manifest does not cover', (_, files) => {
    const before = versionOfDir();
    write(files);

    expect(versionOfDir()).not.toBe(before);
  });

  it('leaves out mf-stats.json, build analysis that differs between builds of the same sources', () => {
    const before = versionOfDir();
    write({ 'mf-stats.json': '{"usedIn":[]}', 'server/mf-stats.json': '{}' });

    expect(versionOfDir()).toBe(before);
  });

  it('uses 0.0.0 for a build that names no version', () => {
    const text = '{"name":"registration","shared":[],"exposes":[]}';

    expect(contentVersion(parseManifest(text, 'mf-manifest.json'), dir)).toMatch(/^0\.0\.0-[0-9a-f]{10}$/);
  });
});

describe('describeFailure', () => {
  const report = { version: '3.0.0', fallbackVersion: '1.0.0', visitors: 4, canaryVisitors: 0, firstSeen: 'a', lastSeen: 'b' };

  it('says how many visitors a version failed for and where they went', () => {
    expect(describeFailure(report)).toBe('3.0.0 failed to load for 4 visitors, who fell back to 1.0.0 (last b)');
  });

  it('says how many were canary visitors', () => {
    expect(describeFailure({ ...report, canaryVisitors: 3 })).toBe(
      '3.0.0 failed to load for 4 visitors (3 on the canary), who fell back to 1.0.0 (last b)',
    );
  });

  it('says when there was nothing to fall back to, in the singular for one visitor', () => {
    expect(describeFailure({ ...report, fallbackVersion: null, visitors: 1 })).toBe(
      '3.0.0 failed to load for 1 visitor, with no version to fall back to (last b)',
    );
  });
});
