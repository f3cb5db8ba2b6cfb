import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/database.ts';
import { recordCompositionFailure } from './failure-record.ts';
import { versionSetOf } from './version-set.ts';

const registration = versionSetOf('r1', { remote: 'registration', version: 'reg-2' });

let db: Database;
beforeEach(() => {
  db = openDatabase(':memory:');
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  db.close();
});

const rows = () => db.prepare('SELECT remote, version, shell_release, route, reason, count, first_at, last_at, message FROM composition_failures ORDER BY route, reason').all();

describe('composition failures', () => {
  it('keep one row per version, route and reason however often it fails, with the count, the first and last time and the last message', () => {
    vi.setSystemTime(1000);
    recordCompositionFailure(db, { set: registration, route: 'register', reason: 'deadline', message: 'composing took longer than 3000 ms' });
    vi.setSystemTime(2000);
    recordCompositionFailure(db, { set: registration, route: 'register', reason: 'deadline', message: 'composing took longer than 3000 ms' });
    vi.setSystemTime(5000);
    recordCompositionFailure(db, { set: registration, route: 'register', reason: 'deadline', message: 'still too long' });
    expect(rows()).toEqual([
      { remote: 'registration', version: 'reg-2', shell_release: 'r1', route: 'register', reason: 'deadline', count: 3, first_at: 1000, last_at: 5000, message: 'still too long' },
    ]);
  });

  it('count another route, reason, version or shell release apart', () => {
    recordCompositionFailure(db, { set: registration, route: 'register', reason: 'render', message: 'threw' });
    recordCompositionFailure(db, { set: registration, route: 'registerTutor', reason: 'render', message: 'threw' });
    recordCompositionFailure(db, { set: registration, route: 'register', reason: 'out-of-memory', message: 'heap' });
    recordCompositionFailure(db, { set: versionSetOf('r1', { remote: 'registration', version: 'reg-1' }), route: 'register', reason: 'render', message: 'threw' });
    recordCompositionFailure(db, { set: versionSetOf('r2', { remote: 'registration', version: 'reg-2' }), route: 'register', reason: 'render', message: 'threw' });
    expect(db.prepare('SELECT count(*) AS n, sum(count) AS total FROM composition_failures').get()).toEqual({ n: 5, total: 5 });
  });

  it('name the shell, at its release, for a page of the shell’s own routes', () => {
    recordCompositionFailure(db, { set: versionSetOf('r1', null), route: 'privacy', reason: 'worker-exit', message: 'the worker exited with code 1' });
    expect(rows()).toMatchObject([{ remote: 'shell', version: 'r1', shell_release: 'r1', route: 'privacy', reason: 'worker-exit', count: 1 }]);
  });

  it('keep the first 300 characters of a message', () => {
    recordCompositionFailure(db, { set: registration, route: 'register', reason: 'import', message: 'x'.repeat(1000) });
    expect(rows()).toMatchObject([{ message: 'x'.repeat(300) }]);
  });
});
