import { describe, expect, it } from 'vitest';
import { readPreview, signPreview } from './preview-link.ts';

const preview = { remote: 'registration' as const, version: '2.1.0', expires: 2_000_000_000 };
const token = signPreview('secret', preview);

describe('preview links', () => {
  it('reads back what it signed until it expires', () => {
    expect(token).toMatch(/^registration@2\.1\.0@2000000000\.[\w-]{43}$/);
    expect(readPreview('secret', token, 1_999_999_999)).toEqual(preview);
    expect(readPreview('secret', token, 2_000_000_000)).toBeNull();
  });

  it('refuses another secret, another version, another expiry or a malformed token', () => {
    expect(readPreview('other', token, 0)).toBeNull();
    expect(readPreview('secret', token.replace('2.1.0', '2.2.0'), 0)).toBeNull();
    expect(readPreview('secret', token.replace('2000000000', '2000000001'), 0)).toBeNull();
    expect(readPreview('secret', token.replace('registration', 'shell'), 0)).toBeNull();
    expect(readPreview('secret', 'registration@2.1.0', 0)).toBeNull();
  });
});
