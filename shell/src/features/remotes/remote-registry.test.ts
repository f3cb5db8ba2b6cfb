import { describe, expect, it } from 'vitest';
import { bucketOf } from '@entry/routes';
import { withCacheBust } from './load-policy.ts';
import { isWithdrawn, parseRemoteRegistry, RegistryError, resolveRemotes, runsCanary } from './remote-registry.ts';

const record = (live: string, extra: Record<string, unknown> = {}) => ({ live, lastKnownGood: null, canary: null, history: [], ...extra });
const valid = {
  remotes: {
    login: record('1.0.0'),
    registration: record('2.0.0', { lastKnownGood: '1.0.0' }),
    taster: record('1.0.0', { canary: { version: '1.1.0', percentage: 50 } }),
    assessments: record('1.0.0'),
  },
};
const REGISTRY_URL = 'https://site.test/public/remotes.json';

/** A visitor id whose bucket for `remote` is below (inside) or at/above (outside) `percentage`. */
const visitorFor = (remote: string, inside: boolean, percentage = 50) => {
  for (let index = 0; ; index += 1) {
    const id = `visitor-${index}`;
    if (bucketOf(id, remote) < percentage === inside) return id;
  }
};

describe('parseRemoteRegistry', () => {
  it('reads each remote’s live version, fallback and canary', () => {
    const { remotes, overrides } = parseRemoteRegistry(valid);
    expect(remotes.registration).toEqual({ live: '2.0.0', lastKnownGood: '1.0.0', canary: null, withdrawn: [] });
    expect(remotes.taster.canary).toEqual({ version: '1.1.0', percentage: 50 });
    expect(overrides).toEqual({});
  });

  it('keeps a development registry’s overrides for known remotes only', () => {
    const { overrides } = parseRemoteRegistry({ ...valid, overrides: { login: 'http://localhost:3001/mf-manifest.json', evil: 'x', taster: 3 } });
    expect(overrides).toEqual({ login: 'http://localhost:3001/mf-manifest.json' });
  });

  it.each([
    ['no remotes object', {}],
    ['a missing remote', { remotes: { login: record('1.0.0') } }],
    ['a live version that leaves its folder', { remotes: { ...valid.remotes, taster: record('../../evil') } }],
    ['a bad last known good version', { remotes: { ...valid.remotes, taster: record('1.0.0', { lastKnownGood: 'a/b' }) } }],
    ['a canary without a percentage', { remotes: { ...valid.remotes, taster: record('1.0.0', { canary: { version: '2' } }) } }],
    ['not an object', null],
  ])('refuses %s with a readable error', (_case, body) => {
    expect(() => parseRemoteRegistry(body)).toThrow(RegistryError);
  });
});

describe('resolveRemotes', () => {
  const document = parseRemoteRegistry(valid);
  const resolve = (visitorId: string, overrides = {}, failed = {}) =>
    resolveRemotes(document, { registryUrl: REGISTRY_URL, visitorId, overrides, failed });

  it('puts each version in its folder next to remotes.json, with the last known good as fallback', () => {
    const registry = resolve(visitorFor('taster', false));
    expect(registry.registration).toEqual({
      version: '2.0.0',
      entry: 'https://site.test/public/remotes/registration/2.0.0/mf-manifest.json',
      source: 'live',
      fallback: { version: '1.0.0', entry: 'https://site.test/public/remotes/registration/1.0.0/mf-manifest.json' },
      canaryRunning: false,
    });
    expect(registry.login.fallback).toBeNull();
    expect(registry.taster).toMatchObject({ version: '1.0.0', source: 'live' });
    expect(runsCanary(registry)).toBe(false);
  });

  it('gives a visitor in the canary’s share the canary, falling back to live', () => {
    const registry = resolve(visitorFor('taster', true));
    expect(registry.taster).toEqual({
      version: '1.1.0',
      entry: 'https://site.test/public/remotes/taster/1.1.0/mf-manifest.json',
      source: 'canary',
      fallback: { version: '1.0.0', entry: 'https://site.test/public/remotes/taster/1.0.0/mf-manifest.json' },
      canaryRunning: true,
    });
    expect(runsCanary(registry)).toBe(true);
  });

  it('gives a browser a preview link pinned the pinned version, falling back to live', () => {
    const registry = resolveRemotes(parseRemoteRegistry(valid), { registryUrl: REGISTRY_URL, visitorId: visitorFor('taster', false), overrides: {}, failed: {}, pins: { registration: '3.0.0' } });
    expect(registry.registration).toMatchObject({ version: '3.0.0', source: 'preview', fallback: { version: '2.0.0' } });
    expect(runsCanary(registry)).toBe(false);
  });

  it('lets an override win over the registry, with nothing to fall back to', () => {
    const registry = resolve(visitorFor('taster', true), { taster: 'http://localhost:3003/mf-manifest.json' });
    expect(registry.taster).toEqual({ version: 'localhost:3003', entry: 'http://localhost:3003/mf-manifest.json', source: 'override', fallback: null });
    expect(runsCanary(registry)).toBe(false);
  });
});

describe('resolveRemotes after a failure in this tab', () => {
  const document = parseRemoteRegistry(valid);
  const resolve = (visitorId: string, failed: Record<string, string>) =>
    resolveRemotes(document, { registryUrl: REGISTRY_URL, visitorId, overrides: {}, failed });

  it('goes straight to the fallback of a version that failed, and to live for a failed canary', () => {
    const registry = resolve(visitorFor('taster', true), { registration: '2.0.0', taster: '1.1.0' });
    expect(registry.registration).toEqual({
      version: '1.0.0',
      entry: 'https://site.test/public/remotes/registration/1.0.0/mf-manifest.json',
      source: 'fallback',
      fallback: null,
    });
    expect(registry.taster).toMatchObject({ version: '1.0.0', source: 'fallback' });
    expect(runsCanary(registry)).toBe(false);
  });

  it('tries the registry’s choice again once it is another version, or when there is nothing to fall back to', () => {
    const registry = resolve(visitorFor('taster', false), { registration: '1.5.0', login: '1.0.0' });
    expect(registry.registration).toMatchObject({ version: '2.0.0', source: 'live' });
    expect(registry.login).toMatchObject({ version: '1.0.0', source: 'live' });
  });
});

describe('withCacheBust', () => {
  it('adds a timestamp and keeps the rest of the URL', () => {
    expect(withCacheBust('https://site.test/a/mf-manifest.json?x=1', 42)).toBe('https://site.test/a/mf-manifest.json?x=1&t=42');
  });
});

describe('when each version went in front of visitors', () => {
  const history = [
    { at: '2026-01-01T00:00:00.000Z', action: 'release', from: null, to: '1.0.0' },
    { at: '2026-01-02T00:00:00.000Z', action: 'release', from: '1.0.0', to: '2.0.0' },
    { at: '2026-01-03T00:00:00.000Z', action: 'canary', from: '2.0.0', to: '2.1.0 (50%)' },
  ];
  const document = parseRemoteRegistry({
    remotes: { ...valid.remotes, registration: record('2.0.0', { lastKnownGood: '1.0.0', canary: { version: '2.1.0', percentage: 50 }, history }) },
  });

  it('reads it from the history the release tooling keeps', () => {
    expect(document.remotes.registration).toMatchObject({ liveSince: '2026-01-02T00:00:00.000Z', canarySince: '2026-01-03T00:00:00.000Z' });
    expect(document.remotes.login.liveSince).toBeUndefined();
  });

  it('gives each visitor the time of the version it gets', () => {
    const options = { registryUrl: REGISTRY_URL, overrides: {}, failed: {} };
    expect(resolveRemotes(document, { ...options, visitorId: visitorFor('registration', true) }).registration.since).toBe('2026-01-03T00:00:00.000Z');
    expect(resolveRemotes(document, { ...options, visitorId: visitorFor('registration', false) }).registration.since).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('isWithdrawn', () => {
  const withHistory = (history: object[], live = '1.0.0', canary: { version: string; percentage: number } | null = null) =>
    parseRemoteRegistry({ remotes: { ...valid.remotes, registration: { live, lastKnownGood: null, canary, history } } }).remotes.registration;
  const rollback = (from: string, to: string) => ({ at: '2026-11-28T00:00:00.000Z', action: 'rollback', from, to });

  it('is true of a version a rollback went from that nobody is offered now', () => {
    expect(isWithdrawn(withHistory([rollback('2.0.0', '1.0.0')]), '2.0.0')).toBe(true);
  });

  it('is false of live, of the canary, and of a version never rolled back from', () => {
    expect(isWithdrawn(withHistory([rollback('2.0.0', '1.0.0')]), '1.0.0')).toBe(false);
    expect(isWithdrawn(withHistory([rollback('2.0.0', '1.0.0')], '2.0.0'), '2.0.0')).toBe(false);
    expect(isWithdrawn(withHistory([rollback('2.0.0', '1.0.0')], '1.0.0', { version: '2.0.0', percentage: 5 }), '2.0.0')).toBe(false);
    expect(isWithdrawn(withHistory([]), '3.0.0')).toBe(false);
  });
});
