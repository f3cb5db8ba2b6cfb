import { describe, expect, it } from 'vitest';
import { entryScriptOf, unsatisfied } from './compatibility.ts';

const provided = new Map([
  ['react', '19.3.1'],
  ['@entry/routes', '0.1.0'],
]);
const singleton = (name: string, requiredVersion: string) => ({ name, singleton: true, requiredVersion });

describe('unsatisfied', () => {
  it('finds none for a remote built against the shell', () => {
    expect(unsatisfied({ shared: [singleton('react', '^19.3.1'), singleton('@entry/routes', '^0.1.0')] }, provided)).toEqual([]);
  });

  it('names a singleton the shell cannot provide', () => {
    expect(unsatisfied({ shared: [singleton('react', '^18.2.0')] }, provided)).toEqual(['react ^18.2.0 (the shell has 19.3.1)']);
  });

  it('leaves alone what the shell does not share, and what is not a singleton', () => {
    expect(
      unsatisfied({ shared: [singleton('lodash', '^1.0.0'), { name: 'react', singleton: false, requiredVersion: '^18.0.0' }] }, provided),
    ).toEqual([]);
  });
});

describe('entryScriptOf', () => {
  it('reads the entry script from the manifest, in its folder or below it', () => {
    expect(entryScriptOf({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } })).toBe('remoteEntry.js');
    expect(entryScriptOf({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: 'js/' } } })).toBe('js/remoteEntry.js');
    expect(entryScriptOf({})).toBe('remoteEntry.js');
  });
});
