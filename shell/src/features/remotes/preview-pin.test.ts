import { describe, expect, it } from 'vitest';
import { previewPins } from './preview-pin.ts';

describe('previewPins', () => {
  it('reads the pinned version from the preview cookie until it expires', () => {
    const cookies = `entry_visitor=abc; entry_preview=registration@2.1.0@2000000000.${'s'.repeat(43)}`;
    expect(previewPins(cookies, 1_999_999_999)).toEqual({ registration: '2.1.0' });
    expect(previewPins(cookies, 2_000_000_000)).toEqual({});
  });

  it('pins nothing without a cookie, or for a remote it does not know', () => {
    expect(previewPins('entry_visitor=abc', 0)).toEqual({});
    expect(previewPins(`entry_preview=shell@1@2000000000.${'s'.repeat(43)}`, 0)).toEqual({});
  });
});
