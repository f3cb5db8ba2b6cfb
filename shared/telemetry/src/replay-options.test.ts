import { describe, expect, it } from 'vitest';
import { replayOptionsFor } from './replay-options.ts';

describe('replayOptionsFor', () => {
  it('in production: 5% of sessions and every session with an error, inputs masked, 1% session replay', () => {
    expect(replayOptionsFor('production')).toEqual({
      replaysSessionSampleRate: 0.05,
      replaysOnErrorSampleRate: 1,
      maskAllInputs: true,
      sessionReplaySampleRate: 0.01,
    });
  });

  it.each(['development', 'staging', 'test'])('in %s: same error replay, inputs shown, all sessions', (environment) => {
    expect(replayOptionsFor(environment)).toEqual({
      replaysSessionSampleRate: 0.05,
      replaysOnErrorSampleRate: 1,
      maskAllInputs: false,
      sessionReplaySampleRate: 1,
    });
  });

  it('does not treat a look-alike name as production', () => {
    expect(replayOptionsFor('Production-like').maskAllInputs).toBe(false);
  });
});
