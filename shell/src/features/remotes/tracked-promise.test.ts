import { describe, expect, it } from 'vitest';
import { fulfilled, track } from './tracked-promise.ts';

describe('a tracked promise', () => {
  it('says it is pending, then how it settled, as React reads thenables', async () => {
    let resolve!: (value: string) => void;
    const promise = track(new Promise<string>((done) => (resolve = done)));
    expect(promise.status).toBe('pending');
    resolve('screens');
    await promise;
    expect(promise).toMatchObject({ status: 'fulfilled', value: 'screens' });
  });

  it('keeps a rejection to the one who awaits it, never unhandled', async () => {
    const promise = track(Promise.reject(new Error('down')));
    await expect(promise).rejects.toThrow('down');
    expect(promise).toMatchObject({ status: 'rejected', reason: new Error('down') });
  });

  it('is read at once when the value is already there', () => {
    expect(fulfilled('screens')).toMatchObject({ status: 'fulfilled', value: 'screens' });
  });
});
