import { bucketOf } from '@entry/routes';
import { describe, expect, it } from 'vitest';
import { activeVersionSets, readPointers, routeOfPath, versionSetFor, versionSetOf } from './version-set.ts';

const registryWith = (registration: unknown) => ({
  remotes: {
    login: { live: 'login-1', canary: null },
    registration,
    taster: { live: 'taster-1', canary: null },
    assessments: { live: 'assessments-1', canary: null },
  },
});

const pointersWith = (registration: unknown) => readPointers(registryWith(registration));

/** Visitor ids whose registration bucket is below 50, and the others. */
const visitors = Array.from({ length: 200 }, (_, index) => `visitor-${index}`);
const canaryVisitor = visitors.find((id) => bucketOf(id, 'registration') < 50)!;
const liveVisitor = visitors.find((id) => bucketOf(id, 'registration') >= 50)!;

describe('the pointers a server composes by', () => {
  it('are each remote’s live version and its canary, with the share', () => {
    const pointers = pointersWith({ live: 'reg-1', canary: { version: 'reg-2', percentage: 25 }, lastKnownGood: null, history: [] });
    expect(pointers.registration).toEqual({ live: 'reg-1', canary: { version: 'reg-2', percentage: 25 } });
    expect(pointers.login).toEqual({ live: 'login-1', canary: null });
  });

  it('take a canary without a version or a share as no canary', () => {
    expect(pointersWith({ live: 'reg-1', canary: { version: 'reg-2' } }).registration.canary).toBeNull();
    expect(pointersWith({ live: 'reg-1', canary: { percentage: 10 } }).registration.canary).toBeNull();
  });

  it('refuse a registry without a live version of a remote, naming it', () => {
    expect(() => pointersWith({ live: 7, canary: null })).toThrow('remotes.json names no live version of registration');
    expect(() => readPointers({ remotes: {} })).toThrow('remotes.json names no live version of login');
    expect(() => readPointers(null)).toThrow('remotes.json names no live version of login');
  });
});

describe('the route of an address', () => {
  it('is the route table’s, with its owner', () => {
    expect(routeOfPath('/public/register')).toEqual({ id: 'register', owner: 'registration' });
    expect(routeOfPath('/public/taster/oakwood/test/7')).toEqual({ id: 'tasterTest', owner: 'taster' });
    expect(routeOfPath('/public/privacy')).toEqual({ id: 'privacy', owner: 'shell' });
  });

  it('is the home route for the site’s root, with or without its slash', () => {
    expect(routeOfPath('/public/')).toEqual({ id: 'home', owner: 'shell' });
    expect(routeOfPath('/public')).toEqual({ id: 'home', owner: 'shell' });
  });

  it('is none for an address no route has', () => {
    expect(routeOfPath('/public/no/such/page')).toBeNull();
  });
});

describe('the version set of a page', () => {
  const shellRelease = 'r1';

  it('holds the route’s remote at its live version when there is no canary', () => {
    const pointers = pointersWith({ live: 'reg-1', canary: null });
    expect(versionSetFor(pointers, shellRelease, '/public/register', canaryVisitor)).toEqual({
      key: 'r1 registration@reg-1',
      shellRelease,
      holds: { remote: 'registration', version: 'reg-1' },
    });
  });

  it('holds the canary for the visitors whose bucket is below its share, and the live version for the rest', () => {
    const pointers = pointersWith({ live: 'reg-1', canary: { version: 'reg-2', percentage: 50 } });
    expect(versionSetFor(pointers, shellRelease, '/public/register/tutor', canaryVisitor).holds).toEqual({ remote: 'registration', version: 'reg-2' });
    expect(versionSetFor(pointers, shellRelease, '/public/register/tutor', liveVisitor).holds).toEqual({ remote: 'registration', version: 'reg-1' });
    // Another remote's routes are bucketed by that remote alone.
    expect(versionSetFor(pointers, shellRelease, '/public/login', canaryVisitor).holds).toEqual({ remote: 'login', version: 'login-1' });
  });

  it('gives every visitor a 100% canary and none a 0% one', () => {
    const everyone = pointersWith({ live: 'reg-1', canary: { version: 'reg-2', percentage: 100 } });
    const nobody = pointersWith({ live: 'reg-1', canary: { version: 'reg-2', percentage: 0 } });
    for (const visitor of visitors.slice(0, 20)) {
      expect(versionSetFor(everyone, shellRelease, '/public/register', visitor).holds?.version).toBe('reg-2');
      expect(versionSetFor(nobody, shellRelease, '/public/register', visitor).holds?.version).toBe('reg-1');
    }
  });

  it('holds no remote for the shell’s own routes and for an address no route has', () => {
    const pointers = pointersWith({ live: 'reg-1', canary: null });
    expect(versionSetFor(pointers, shellRelease, '/public/privacy', liveVisitor)).toEqual({ key: 'r1 shell', shellRelease, holds: null });
    expect(versionSetFor(pointers, shellRelease, '/public/no/such/page', liveVisitor)).toEqual(versionSetOf(shellRelease, null));
  });

  it('differs by the shell’s release: a new release is a new set', () => {
    const pointers = pointersWith({ live: 'reg-1', canary: null });
    expect(versionSetFor(pointers, 'r2', '/public/register', liveVisitor).key).toBe('r2 registration@reg-1');
  });
});

describe('the active version sets', () => {
  it('are the shell’s and each remote’s live version, with a running canary beside its live one', () => {
    const keys = activeVersionSets(pointersWith({ live: 'reg-1', canary: { version: 'reg-2', percentage: 5 } }), 'r1').map(({ key }) => key);
    expect(keys).toEqual(['r1 shell', 'r1 login@login-1', 'r1 registration@reg-1', 'r1 registration@reg-2', 'r1 taster@taster-1', 'r1 assessments@assessments-1']);
  });

  it('leave out a canary for 0% of visitors: no one gets it, so no worker waits for it', () => {
    const keys = activeVersionSets(pointersWith({ live: 'reg-1', canary: { version: 'reg-2', percentage: 0 } }), 'r1').map(({ key }) => key);
    expect(keys.filter((key) => key.includes('registration'))).toEqual(['r1 registration@reg-1']);
  });

  it('name a canary of the live version once', () => {
    const keys = activeVersionSets(pointersWith({ live: 'reg-1', canary: { version: 'reg-1', percentage: 50 } }), 'r1').map(({ key }) => key);
    expect(keys.filter((key) => key.includes('registration'))).toEqual(['r1 registration@reg-1']);
  });
});
