import { describe, expect, it } from 'vitest';
import {
  assertServes,
  assertVersion,
  HISTORY_LIMIT,
  liveVersions,
  parsePercentage,
  parseRegistry,
  previousVersion,
  promote,
  release,
  ReleaseError,
  rollback,
  serializeRegistry,
  startCanary,
  type Move,
  type Registry,
  type RemoteRecord,
} from './registry.ts';

const move = (why = 'because', at = '2025-01-01T00:00:00.000Z'): Move => ({ by: 'ana', why, at });
const empty: Registry = { remotes: {} };
const recordOf = (registry: Registry): RemoteRecord => {
  const record = registry.remotes.registration;
  if (!record) throw new Error('registration has no record');
  return record;
};
/** Releases each version in turn, as `npm run release` would. */
const released = (...versions: string[]): Registry =>
  versions.reduce((registry, version) => release(registry, 'registration', version, move()), empty);

describe('release', () => {
  it('makes a first release live with no last known good', () => {
    const record = recordOf(release(empty, 'registration', '1.0.0', move('first')));

    expect(record).toEqual({
      live: '1.0.0',
      lastKnownGood: null,
      canary: null,
      history: [{ at: '2025-01-01T00:00:00.000Z', by: 'ana', action: 'release', from: null, to: '1.0.0', why: 'first' }],
    });
  });

  it('keeps the version it replaces as the last known good', () => {
    const record = recordOf(released('1.0.0', '2.0.0'));

    expect(record.live).toBe('2.0.0');
    expect(record.lastKnownGood).toBe('1.0.0');
  });

  it('refuses to release the live version again', () => {
    expect(() => release(released('1.0.0'), 'registration', '1.0.0', move())).toThrow(ReleaseError);
  });

  it('refuses to end a running canary with another release unless told to', () => {
    const canary = startCanary(released('1.0.0'), 'registration', '2.0.0', 10, move());

    expect(() => release(canary, 'registration', '3.0.0', move())).toThrow(/releasing 3\.0\.0 would end it\. Add --cancel-canary/);
    expect(recordOf(release(canary, 'registration', '3.0.0', move(), { cancelCanary: true }))).toMatchObject({ live: '3.0.0', canary: null });
  });

  it('makes the canary live for everybody when its own version is released', () => {
    const canary = startCanary(released('1.0.0'), 'registration', '2.0.0', 10, move());

    expect(recordOf(release(canary, 'registration', '2.0.0', move()))).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0', canary: null });
  });

  it('refuses to release the live version again during a canary, saying how to end it', () => {
    const canary = startCanary(released('1.0.0'), 'registration', '2.0.0', 10, move());

    expect(() => release(canary, 'registration', '1.0.0', move(), { cancelCanary: true })).toThrow(
      'registration 1.0.0 is already live; to end the canary (2.0.0 for 10% of visitors) run: npm run rollback -- registration --cancel-canary',
    );
  });

  it('never keeps a version visitors could not load as the last known good', () => {
    const registry = release(released('1.0.0', '2.0.0'), 'registration', '3.0.0', move(), { unhealthy: new Set(['2.0.0']) });

    expect(recordOf(registry)).toMatchObject({ live: '3.0.0', lastKnownGood: '1.0.0' });
    expect(recordOf(release(released('1.0.0'), 'registration', '2.0.0', move(), { unhealthy: new Set(['1.0.0']) })).lastKnownGood).toBeNull();
  });

  it('leaves the other remotes alone', () => {
    const registry = release(released('1.0.0'), 'login', '7.0.0', move());

    expect(recordOf(registry).live).toBe('1.0.0');
    expect(registry.remotes.login?.live).toBe('7.0.0');
  });
});

describe('startCanary', () => {
  it('sets the canary and keeps live and the last known good', () => {
    const record = recordOf(startCanary(released('1.0.0', '2.0.0'), 'registration', '3.0.0', 25, move()));

    expect(record).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0', canary: { version: '3.0.0', percentage: 25 } });
    expect(record.history.at(-1)).toMatchObject({ action: 'canary', from: '2.0.0', to: '3.0.0 (25%)' });
  });

  it('refuses a canary of the live version', () => {
    expect(() => startCanary(released('1.0.0'), 'registration', '1.0.0', 25, move())).toThrow(/already live/);
  });

  it('refuses a second canary unless told to replace the first', () => {
    const canary = startCanary(released('1.0.0'), 'registration', '2.0.0', 10, move());

    expect(() => startCanary(canary, 'registration', '2.1.0', 20, move())).toThrow(
      'refused: registration has a canary running (2.0.0 for 10% of visitors). Add --replace-canary to replace it with 2.1.0.',
    );
    expect(recordOf(startCanary(canary, 'registration', '2.1.0', 20, move(), { replaceCanary: true })).canary).toEqual({ version: '2.1.0', percentage: 20 });
  });

  it('changes the share of the running canary without a flag', () => {
    const canary = startCanary(released('1.0.0'), 'registration', '2.0.0', 10, move());

    expect(recordOf(startCanary(canary, 'registration', '2.0.0', 50, move())).canary).toEqual({ version: '2.0.0', percentage: 50 });
  });

  it('refuses a canary for a remote never released', () => {
    expect(() => startCanary(empty, 'registration', '1.0.0', 25, move())).toThrow(/never been released/);
  });
});

describe('assertServes', () => {
  it('accepts a registry with a live version of every remote the shell loads', () => {
    expect(() => assertServes(released('1.0.0'), ['registration'])).not.toThrow();
  });

  it('refuses one missing any, naming them', () => {
    expect(() => assertServes(released('1.0.0'), ['registration', 'login', 'taster'])).toThrow(
      /would have no live version of login, taster, which the shell's routes load/,
    );
  });
});

describe('promote', () => {
  it('makes the canary live and the old live the last known good', () => {
    const canary = startCanary(released('1.0.0', '2.0.0'), 'registration', '3.0.0', 50, move());
    const record = recordOf(promote(canary, 'registration', move('looks fine')));

    expect(record).toMatchObject({ live: '3.0.0', lastKnownGood: '2.0.0', canary: null });
    expect(record.history.at(-1)).toMatchObject({ action: 'promote', from: '2.0.0', to: '3.0.0', why: 'looks fine' });
  });

  it('refuses when there is no canary', () => {
    expect(() => promote(released('1.0.0'), 'registration', move())).toThrow(/no canary/);
  });

  it('refuses for a remote never released', () => {
    expect(() => promote(empty, 'registration', move())).toThrow(ReleaseError);
  });
});

describe('rollback', () => {
  it('returns to the previous live version by default, and never keeps the bad one as the fallback', () => {
    const record = recordOf(rollback(released('1.0.0', '2.0.0', '3.0.0'), 'registration', null, move('broken')));

    expect(record).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0', canary: null });
    expect(record.history.at(-1)).toMatchObject({ action: 'rollback', from: '3.0.0', to: '2.0.0', why: 'broken' });
  });

  it('leaves no last known good when the only other version is the one rolled back from', () => {
    const record = recordOf(rollback(released('1.0.0', '2.0.0'), 'registration', null, move()));

    expect(record).toMatchObject({ live: '1.0.0', lastKnownGood: null });
  });

  it('rolls back to an explicit older version', () => {
    const record = recordOf(rollback(released('1.0.0', '2.0.0', '3.0.0'), 'registration', '1.0.0', move()));

    expect(record.live).toBe('1.0.0');
    expect(record.lastKnownGood).toBe('2.0.0');
  });

  it('refuses when there is nothing earlier', () => {
    expect(() => rollback(released('1.0.0'), 'registration', null, move())).toThrow(/no earlier version/);
  });

  it('refuses to roll back to the live version', () => {
    expect(() => rollback(released('1.0.0', '2.0.0'), 'registration', '2.0.0', move())).toThrow(/already live/);
  });

  it('drops a running canary when rolled back to the live version, when told to', () => {
    const canary = startCanary(released('1.0.0', '2.0.0'), 'registration', '3.0.0', 10, move());

    expect(recordOf(rollback(canary, 'registration', '2.0.0', move(), { cancelCanary: true }))).toMatchObject({
      live: '2.0.0',
      lastKnownGood: '1.0.0',
      canary: null,
    });
  });

  it('refuses to end a running canary unless told to', () => {
    const canary = startCanary(released('1.0.0', '2.0.0'), 'registration', '3.0.0', 10, move());

    expect(() => rollback(canary, 'registration', '2.0.0', move())).toThrow(/canary running \(3\.0\.0 for 10% of visitors\); a rollback would end it/);
    expect(() => rollback(canary, 'registration', null, move())).toThrow(/--cancel-canary/);
  });

  it('ends only the canary when told to with no version, and never falls back to it', () => {
    const canary = startCanary(released('1.0.0', '2.0.0'), 'registration', '3.0.0', 10, move());
    const registry = rollback(canary, 'registration', null, move(), { cancelCanary: true });

    expect(recordOf(registry)).toMatchObject({ live: '2.0.0', lastKnownGood: '1.0.0', canary: null });
    expect(recordOf(registry).history.at(-1)).toMatchObject({ action: 'rollback', from: '3.0.0', to: '2.0.0' });
    expect(recordOf(release(registry, 'registration', '4.0.0', move())).lastKnownGood).toBe('2.0.0');
  });

  it('skips versions visitors could not load when choosing the last known good', () => {
    const record = recordOf(rollback(released('1.0.0', '2.0.0', '3.0.0', '4.0.0'), 'registration', null, move(), { unhealthy: new Set(['2.0.0']) }));

    expect(record).toMatchObject({ live: '3.0.0', lastKnownGood: '1.0.0' });
  });

  it('walks further back on a second rollback instead of returning to the version rolled back from', () => {
    const once = rollback(released('1.0.0', '2.0.0', '3.0.0'), 'registration', null, move());
    const twice = recordOf(rollback(once, 'registration', null, move()));

    expect(twice.live).toBe('1.0.0');
    expect(twice.lastKnownGood).toBeNull();
    expect(() => rollback({ remotes: { registration: twice } }, 'registration', null, move())).toThrow(/no earlier version/);
  });

  it('makes a version rolled back from eligible again once it is released again', () => {
    let registry = rollback(released('1.0.0', '2.0.0', '3.0.0'), 'registration', null, move());
    registry = release(registry, 'registration', '3.0.0', move('fixed the API instead'));
    registry = release(registry, 'registration', '4.0.0', move());

    expect(previousVersion(recordOf(registry))).toBe('3.0.0');
    expect(recordOf(rollback(registry, 'registration', null, move()))).toMatchObject({ live: '3.0.0', lastKnownGood: '2.0.0' });
  });

  it('leaves release v1, release v2, rollback, release v3 with v3 live and v1 as the fallback', () => {
    const rolledBack = rollback(released('v1', 'v2'), 'registration', null, move());
    const record = recordOf(release(rolledBack, 'registration', 'v3', move()));

    expect(record.live).toBe('v3');
    expect(record.lastKnownGood).toBe('v1');
  });
});

describe('history', () => {
  it('appends who, when, from, to, why and the action of every move, in order', () => {
    let registry = release(empty, 'registration', '1.0.0', move('first', '2025-01-01T00:00:00.000Z'));
    registry = startCanary(registry, 'registration', '2.0.0', 20, move('try it', '2025-01-02T00:00:00.000Z'));
    registry = promote(registry, 'registration', move('fine', '2025-01-03T00:00:00.000Z'));
    registry = rollback(registry, 'registration', null, { by: 'bo', why: 'errors', at: '2025-01-04T00:00:00.000Z' });

    expect(recordOf(registry).history).toEqual([
      { at: '2025-01-01T00:00:00.000Z', by: 'ana', action: 'release', from: null, to: '1.0.0', why: 'first' },
      { at: '2025-01-02T00:00:00.000Z', by: 'ana', action: 'canary', from: '1.0.0', to: '2.0.0 (20%)', why: 'try it' },
      { at: '2025-01-03T00:00:00.000Z', by: 'ana', action: 'promote', from: '1.0.0', to: '2.0.0', why: 'fine' },
      { at: '2025-01-04T00:00:00.000Z', by: 'bo', action: 'rollback', from: '2.0.0', to: '1.0.0', why: 'errors' },
    ]);
  });

  it('keeps the last HISTORY_LIMIT moves of a remote', () => {
    const versions = Array.from({ length: HISTORY_LIMIT + 5 }, (_, index) => `1.0.${index}`);
    const { history, live } = recordOf(released(...versions));
    expect(history).toHaveLength(HISTORY_LIMIT);
    expect(history.at(-1)?.to).toBe(live);
    expect(history[0]?.to).toBe('1.0.5');
  });
});

describe('liveVersions and previousVersion', () => {
  it('lists the versions that have been live, newest first, without repeats or canaries', () => {
    let registry = released('1.0.0', '2.0.0');
    registry = rollback(registry, 'registration', null, move());
    registry = startCanary(registry, 'registration', '3.0.0', 5, move());

    expect(liveVersions(recordOf(registry))).toEqual(['1.0.0', '2.0.0']);
  });

  it('names the version before the live one, or null', () => {
    expect(previousVersion(recordOf(released('1.0.0', '2.0.0', '3.0.0')))).toBe('2.0.0');
    expect(previousVersion(recordOf(released('1.0.0')))).toBeNull();
  });
});

describe('parsePercentage', () => {
  it.each([
    ['50%', 50],
    ['50', 50],
    ['1', 1],
    ['99%', 99],
  ])('reads %s as %d', (text, percentage) => {
    expect(parsePercentage(text)).toBe(percentage);
  });

  it.each(['0', '100', 'abc', '5.5%', '', '-5'])('refuses "%s"', (text) => {
    expect(() => parsePercentage(text)).toThrow(/--canary takes a percentage from 1% to 99%/);
  });
});

describe('assertVersion', () => {
  it('accepts letters, digits and . - _ +', () => {
    expect(assertVersion('1.2.3-rc_1+abc')).toBe('1.2.3-rc_1+abc');
    expect(assertVersion('a'.repeat(64))).toHaveLength(64);
  });

  it.each(['../x', '', 'a b', 'a/b', 'a'.repeat(65)])('refuses "%s"', (version) => {
    expect(() => assertVersion(version)).toThrow(ReleaseError);
  });
});

describe('parseRegistry', () => {
  it('starts empty when there is no remotes.json', () => {
    expect(parseRegistry(null)).toEqual({ remotes: {} });
  });

  it('reads back what serializeRegistry wrote', () => {
    const registry = startCanary(released('1.0.0', '2.0.0'), 'registration', '3.0.0', 10, move());

    expect(parseRegistry(serializeRegistry(registry))).toEqual(registry);
  });

  it('refuses text that is not JSON', () => {
    expect(() => parseRegistry('{"remotes":')).toThrow(/remotes.json is not valid JSON/);
  });

  it('refuses JSON with no remotes object', () => {
    expect(() => parseRegistry('[]')).toThrow(/no "remotes" object/);
    expect(() => parseRegistry('null')).toThrow(ReleaseError);
  });

  it('refuses an unknown remote or a record of the wrong shape, naming it', () => {
    const record = { live: '1.0.0', lastKnownGood: null, canary: null, history: [] };

    expect(() => parseRegistry(JSON.stringify({ remotes: { nope: record } }))).toThrow(/invalid entry for "nope"/);
    expect(() => parseRegistry(JSON.stringify({ remotes: { login: { ...record, live: 1 } } }))).toThrow(/invalid entry for "login"/);
    expect(() => parseRegistry(JSON.stringify({ remotes: { login: { ...record, canary: { version: '2' } } } }))).toThrow(ReleaseError);
  });
});
