import { describe, expect, it } from 'vitest';
import { checkoutIndependentName, deterministicIds, sortedManifest } from './deterministic-build.ts';

describe('checkoutIndependentName', () => {
  it('writes the checkout folder the same in a consumed module and in the runtime module of two checkouts', () => {
    const consumed = (root: string) => `consume shared module (default) react@^19.3.1 (strict) (fallback: ${root}/node_modules/react/index.js)`;
    const runtime = (root: string) => `data:text/javascript,import%20x%20from%20%22${encodeURIComponent(`${root}/node_modules/x.cjs`)}%22`;
    expect(checkoutIndependentName(consumed('/work/main'), '/work/main')).toBe(checkoutIndependentName(consumed('/tmp/x'), '/tmp/x'));
    expect(checkoutIndependentName(runtime('/work/main'), '/work/main')).toBe(checkoutIndependentName(runtime('/tmp/x'), '/tmp/x'));
    expect(checkoutIndependentName(consumed('/work/main'), '/work/main')).not.toContain('/work/main');
  });
});

describe('deterministicIds', () => {
  const names = Array.from({ length: 500 }, (_, index) => `./src/module-${index}.ts`);

  it('gives every name its own id, whatever order the names come in', () => {
    const ids = deterministicIds(names);
    expect(new Set(ids.values()).size).toBe(names.length);
    expect(deterministicIds([...names].reverse())).toEqual(ids);
  });

  it('keeps the ids of the other names when one is renamed, but for the rare collision', () => {
    const before = deterministicIds(names);
    const after = deterministicIds(names.map((name) => (name === './src/module-7.ts' ? './src/renamed.ts' : name)));
    const kept = names.filter((name) => name !== './src/module-7.ts' && before.get(name) === after.get(name));
    expect(kept.length).toBeGreaterThanOrEqual(names.length - 3);
  });

  it('uses numbers in a range ten times the number of modules, rounded up to a power of ten', () => {
    expect(Math.max(...deterministicIds(names).values())).toBeLessThan(10_000);
    expect(Math.max(...deterministicIds(names.slice(0, 50)).values())).toBeLessThan(1_000);
  });
});

describe('sortedManifest', () => {
  it('lists the shared modules by name and leaves the rest as it was', () => {
    const manifest = { id: 'login', shared: [{ name: 'react-dom' }, { name: '@entry/ui' }, { name: 'react' }], exposes: [{ name: 'screens' }] };
    expect(JSON.parse(sortedManifest(JSON.stringify(manifest)))).toEqual({
      ...manifest,
      shared: [{ name: '@entry/ui' }, { name: 'react' }, { name: 'react-dom' }],
    });
  });
});
