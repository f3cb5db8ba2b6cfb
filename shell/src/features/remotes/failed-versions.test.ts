import { describe, expect, it } from 'vitest';
import { readFailedVersions, recordFailedVersion } from './failed-versions.ts';
import { memoryStorage } from '../../test-support/memory-storage.ts';

describe('failed versions', () => {
  it('remembers per remote the last version that would not load', () => {
    const storage = memoryStorage();
    expect(readFailedVersions(storage)).toEqual({});
    recordFailedVersion(storage, 'registration', '3.0.0');
    recordFailedVersion(storage, 'taster', '1.1.0');
    recordFailedVersion(storage, 'registration', '3.0.1');
    expect(readFailedVersions(storage)).toEqual({ registration: '3.0.1', taster: '1.1.0' });
  });

  it('ignores what it cannot read, and storage that refuses', () => {
    const storage = memoryStorage();
    storage.setItem('entry.failed-remote-versions', '{"shell":"1","login":2,"taster":"1.0.0"}');
    expect(readFailedVersions(storage)).toEqual({ taster: '1.0.0' });
    storage.setItem('entry.failed-remote-versions', 'not json');
    expect(readFailedVersions(storage)).toEqual({});
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => recordFailedVersion(refusing, 'login', '1.0.0')).not.toThrow();
    expect(readFailedVersions(undefined)).toEqual({});
  });
});
