import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { defaultVersion, describeFallback } from './commands.ts';
import { parseManifest } from './gate.ts';

describe('defaultVersion', () => {
  it('joins the build version and the first 8 hex digits of the manifest digest', () => {
    const text = '{"name":"registration","metaData":{"buildInfo":{"buildVersion":"2.3.4"}},"shared":[],"exposes":[]}';
    const digest = createHash('sha256').update(text).digest('hex').slice(0, 8);

    expect(defaultVersion(parseManifest(text, 'mf-manifest.json'), text)).toBe(`2.3.4-${digest}`);
  });

  it('uses 0.0.0 for a build that names no version', () => {
    const text = '{"name":"registration","shared":[],"exposes":[]}';

    expect(defaultVersion(parseManifest(text, 'mf-manifest.json'), text)).toMatch(/^0\.0\.0-[0-9a-f]{8}$/);
  });
});

describe('describeFallback', () => {
  const report = { version: '3.0.0', fallbackVersion: '1.0.0', count: 4, firstSeen: 'a', lastSeen: 'b' };

  it('says how often a version failed and where visitors went', () => {
    expect(describeFallback(report)).toBe('3.0.0 failed to load 4 times, visitors fell back to 1.0.0 (last b)');
  });

  it('says when there was nothing to fall back to, in the singular for one failure', () => {
    expect(describeFallback({ ...report, fallbackVersion: null, count: 1 })).toBe(
      '3.0.0 failed to load 1 time, with no version to fall back to (last b)',
    );
  });
});
