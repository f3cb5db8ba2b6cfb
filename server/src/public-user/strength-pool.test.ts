import { afterAll, describe, expect, it } from 'vitest';
import { createStrengthPool } from './strength-pool.ts';

const pool = createStrengthPool({ maxWaitMs: 20 });
afterAll(() => pool.close());

const password = (index: number) => `k7#Qm2pX-correct-horse-${index}-battery`;

describe('the strength pool', () => {
  it('estimates on a worker thread', async () => {
    expect(await pool.estimate('password')).toMatchObject({ score: 0 });
    expect(await pool.estimate(password(0))).toMatchObject({ score: 4, feedback: [] });
  });

  it('refuses at once what could not start within its wait, and serves the rest', async () => {
    const settled: string[] = [];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, index) => pool.estimate(password(index)).then((answer) => (settled.push(answer === 'busy' ? 'busy' : 'estimate'), answer))),
    );
    const served = answers.filter((answer) => answer !== 'busy');
    expect(served.length).toBeGreaterThan(0);
    expect(served.length).toBeLessThan(40);
    // Every refusal came before the first estimate finished: nothing waited to be refused.
    expect(settled.lastIndexOf('busy')).toBeLessThan(settled.indexOf('estimate'));
  });

  it('frees the place of an estimate that failed', async () => {
    // A task the worker throws on (not a string) rejects; the places it held must not stay taken.
    for (let attempt = 0; attempt < 50; attempt += 1) await expect(pool.estimate(undefined as unknown as string)).rejects.toThrow();
    expect(await pool.estimate(password(40))).toMatchObject({ score: 4 });
  });

  it('admits again once the threads have caught up', async () => {
    expect(await pool.estimate(password(41))).toMatchObject({ score: 4 });
  });
});
