import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INLINE_STYLE_MAX_BYTES, inlineSmallStyles } from './inline-styles.ts';
import { folderFiles } from './site-files.ts';

const publicDir = mkdtempSync(join(tmpdir(), 'inline-styles-'));
const files = folderFiles(publicDir);
mkdirSync(join(publicDir, 'static', 'css'), { recursive: true });
writeFileSync(join(publicDir, 'static', 'css', 'small.1.css'), '.a{color:red}</style><script>');
writeFileSync(join(publicDir, 'static', 'css', 'large.2.css'), `.b{color:blue}${' '.repeat(INLINE_STYLE_MAX_BYTES)}`);

const head = (links: string) => `<html><head>${links}</head><body></body></html>`;

describe('inlineSmallStyles', () => {
  it('puts a small stylesheet in the page, named so that the chunk loader does not fetch it again', () => {
    expect(inlineSmallStyles(head('<link rel="stylesheet" href="/public/static/css/small.1.css">'), files)).toBe(
      head('<style data-href="/public/static/css/small.1.css">.a{color:red}<\\/style><script></style>'),
    );
  });

  it('finds a stylesheet link whatever the order of its attributes, and leaves other links', () => {
    expect(inlineSmallStyles(head('<link href="/public/static/css/small.1.css" rel="stylesheet" />'), files)).toContain('<style data-href="/public/static/css/small.1.css">');
    const preload = '<link rel="preload" as="style" href="/public/static/css/small.1.css">';
    expect(inlineSmallStyles(head(preload), files)).toBe(head(preload));
  });

  it('leaves a large one, a missing one and one outside the static folder as links', () => {
    const links = [
      '<link rel="stylesheet" href="/public/static/css/large.2.css">',
      '<link rel="stylesheet" href="/public/static/css/missing.3.css">',
      '<link rel="stylesheet" href="/public/static/../../etc/passwd">',
      '<link rel="stylesheet" href="https://fonts.example/a.css">',
    ].join('');
    expect(inlineSmallStyles(head(links), files)).toBe(head(links));
  });
});
