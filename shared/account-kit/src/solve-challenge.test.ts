import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { solveChallenge } from './solve-challenge.ts';

const challengeFor = (salt: string, number: number, maxnumber = 500) => ({
  algorithm: 'SHA-256' as const,
  challenge: createHash('sha256').update(`${salt}${number}`).digest('hex'),
  salt,
  maxnumber,
  signature: 'signed-by-the-server',
});

describe('solveChallenge', () => {
  it('finds the number and returns the token the server reads', async () => {
    const token = await solveChallenge(challengeFor('abc?expires=1', 321));
    expect(JSON.parse(atob(token))).toEqual({
      challenge: challengeFor('abc?expires=1', 321).challenge,
      salt: 'abc?expires=1',
      number: 321,
      signature: 'signed-by-the-server',
    });
  });

  it('gives up past maxnumber', async () => {
    await expect(solveChallenge(challengeFor('abc', 50, 10))).rejects.toThrow('no solution');
  });
});
