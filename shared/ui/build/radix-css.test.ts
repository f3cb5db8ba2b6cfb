import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { RADIX_COLORS, RADIX_COMPONENT_CLASSES, trimRadixCss } from './radix-css.ts';

const trim = (css: string, file: string, keep: string[]) =>
  postcss([trimRadixCss({ keep })]).process(css, { from: file }).css.replace(/\s+/g, ' ').trim();

const COMPONENTS = '/x/node_modules/@radix-ui/themes/components.css';

describe('trimRadixCss', () => {
  it('keeps the rules of kept components and drops the others', () => {
    const css = '.rt-Button { a: 1 } .rt-Slider { b: 2 } .rt-Button:where(.rt-variant-solid) { c: 3 }';
    expect(trim(css, COMPONENTS, ['rt-Button'])).toBe('.rt-Button { a: 1 } .rt-Button:where(.rt-variant-solid) { c: 3 }');
  });

  it('keeps only the kept selectors of a shared rule, and rules that name no component', () => {
    const css = '.rt-Button, .rt-Slider { a: 1 } .radix-themes { b: 2 } @keyframes spin { to { c: 3 } }';
    expect(trim(css, COMPONENTS, ['rt-Button'])).toBe('.rt-Button { a: 1 } .radix-themes { b: 2 } @keyframes spin { to { c: 3 } }');
  });

  it('drops breakpoint variants but keeps other media queries', () => {
    const css = '@media (min-width: 520px) { .xs\\:rt-r-p-1 { a: 1 } } @media (prefers-reduced-motion) { .rt-Button { b: 2 } }';
    expect(trim(css, '/x/node_modules/@radix-ui/themes/utilities.css', ['rt-Button'])).toBe(
      '@media (prefers-reduced-motion) { .rt-Button { b: 2 } }',
    );
  });

  it('drops the dark appearance from every Radix stylesheet, and what it leaves empty', () => {
    const css =
      ':root, .light { --green-9: green } @supports (color: red) { @media (color-gamut: p3) { .dark, .dark-theme { --green-9: lime } } } ' +
      '.dark, .dark-theme { --green-9: lime } .radix-themes:where(.dark, .dark-theme), .radix-themes { color-scheme: light }';
    expect(trim(css, '/x/node_modules/@radix-ui/themes/tokens/colors/green.css', [])).toBe(
      ':root, .light { --green-9: green } .radix-themes { color-scheme: light }',
    );
  });

  it('leaves other rules of the token files alone, and every stylesheet of our own', () => {
    const css = '.rt-Slider { a: 1 } @media (min-width: 520px) { .x { b: 2 } }';
    expect(trim(css, '/x/node_modules/@radix-ui/themes/tokens/base.css', [])).toBe(css);
    expect(trim(`${css} .dark { c: 3 }`, '/x/src/app.css', [])).toBe(`${css} .dark { c: 3 }`);
  });

  it('drops from the tokens the dark theme, the wide-gamut copies and the colours no screen names', () => {
    const TOKENS = '/x/node_modules/@radix-ui/themes/tokens/base.css';
    const css = [
      ':root, .light { --indigo-9: #3e63dd }',
      '.dark, .dark-theme { --indigo-9: #3e63dd }',
      ':is(.dark, .dark-theme) :where(.radix-themes) { --x: 1 }',
      '@supports (color: color(display-p3 1 1 1)) { @media (color-gamut: p3) { :root { --indigo-9: color(display-p3 0 0 1) } } }',
      '[data-accent-color=indigo] { --accent-9: var(--indigo-9) }',
      '[data-accent-color=crimson] { --accent-9: var(--crimson-9) }',
      '[data-accent-color=tomato], [data-accent-color=red] { --accent-9: var(--x) }',
      '@supports (color: color-mix(in oklab, white, black)) { .radix-themes { --y: 1 } }',
    ].join(' ');
    expect(trim(css, TOKENS, [])).toBe(
      ':root, .light { --indigo-9: #3e63dd } [data-accent-color=indigo] { --accent-9: var(--indigo-9) } [data-accent-color=red] { --accent-9: var(--x) } @supports (color: color-mix(in oklab, white, black)) { .radix-themes { --y: 1 } }',
    );
  });

  it('names every colour the kit loads a scale of', () => {
    const theme = readFileSync(join(import.meta.dirname, '..', 'src', 'brand-theme.tsx'), 'utf8');
    const loaded = [...theme.matchAll(/tokens\/colors\/([a-z]+)\.css/g)].map(([, color]) => color);
    for (const color of loaded) expect(RADIX_COLORS, color).toContain(color);
  });
});

describe('RADIX_COMPONENT_CLASSES', () => {
  it('covers exactly the Radix component modules the kit imports', () => {
    const src = join(import.meta.dirname, '..', 'src');
    const imported = new Set(
      readdirSync(src)
        .filter((file) => /\.tsx?$/.test(file))
        .flatMap((file) => [...readFileSync(join(src, file), 'utf8').matchAll(/@radix-ui\/themes\/components\/([a-z-]+)'/g)])
        .map(([, name]) => name),
    );
    expect([...imported].sort()).toEqual(Object.keys(RADIX_COMPONENT_CLASSES).sort());
  });
});
