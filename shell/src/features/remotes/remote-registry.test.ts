import { describe, expect, it } from 'vitest';
import { parseRemoteRegistry, RegistryError } from './remote-registry.ts';
import { withCacheBust } from './load-policy.ts';

const entry = (name: string) => ({ version: '1.2.3', entry: `/public/remotes/${name}/1.2.3/mf-manifest.json` });
const valid = { remotes: { login: entry('login'), registration: entry('registration'), taster: entry('taster'), assessments: entry('assessments') } };

describe('parseRemoteRegistry', () => {
  it('resolves every entry against the page URL', () => {
    const registry = parseRemoteRegistry(valid, 'https://site.test/public/remotes.json');
    expect(registry.taster).toEqual({
      version: '1.2.3',
      entry: 'https://site.test/public/remotes/taster/1.2.3/mf-manifest.json',
    });
  });

  it.each([
    ['no remotes object', {}],
    ['a missing remote', { remotes: { login: entry('login') } }],
    ['an entry without a version', { remotes: { ...valid.remotes, taster: { entry: '/x' } } }],
    ['not an object', null],
  ])('refuses %s with a readable error', (_case, body) => {
    expect(() => parseRemoteRegistry(body, 'https://site.test/')).toThrow(RegistryError);
  });
});

describe('withCacheBust', () => {
  it('adds a timestamp and keeps the rest of the URL', () => {
    expect(withCacheBust('https://site.test/a/mf-manifest.json?x=1', 42)).toBe('https://site.test/a/mf-manifest.json?x=1&t=42');
  });
});
