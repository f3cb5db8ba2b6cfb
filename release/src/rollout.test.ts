import { describe, expect, it } from 'vitest';
import type { Registry } from './registry.ts';
import { advanceRollout, describeRollout, parseStages, pauseRollout, planRollout, resumeRollout, ROLLOUT_DEFAULTS, rolloutOf, withRollout } from './rollout.ts';

const at = '2026-11-28T10:00:00.000Z';
const plan = planRollout([5, 25, 50, 100], 600_000, ROLLOUT_DEFAULTS, at);
const registry = (): Registry =>
  withRollout({ remotes: { registration: { live: '1.0.0', lastKnownGood: null, canary: { version: '2.0.0', percentage: 5 }, history: [] } } }, 'registration', plan);
const move = (by = 'rollout', when = '2026-11-28T10:10:00.000Z') => ({ by, why: 'figures', at: when });

describe('parseStages', () => {
  it('takes rising percentages ending at 100', () => {
    expect(parseStages('5,25,50,100')).toEqual([5, 25, 50, 100]);
    expect(parseStages('10%, 100%')).toEqual([10, 100]);
  });

  it.each(['100', '5,25,50', '25,5,100', '0,100', '5,x,100', '5,25,25,100'])('refuses "%s"', (text) => {
    expect(() => parseStages(text)).toThrow(`--rollout takes rising percentages ending at 100, such as 5,25,50,100, not "${text}"`);
  });
});

describe('a rollout in the registry', () => {
  it('advances the canary a stage, noting the move and its reason in the history', () => {
    const next = advanceRollout(registry(), 'registration', move());
    expect(next.remotes.registration?.canary).toMatchObject({ version: '2.0.0', percentage: 25, rollout: { stage: 1, since: '2026-11-28T10:10:00.000Z', startedAt: at } });
    expect(next.remotes.registration?.history).toEqual([{ at: '2026-11-28T10:10:00.000Z', by: 'rollout', action: 'canary', from: '1.0.0', to: '2.0.0 (25%)', why: 'figures' }]);
  });

  it('leaves the last step, to 100%, to a promotion', () => {
    const atFifty = advanceRollout(advanceRollout(registry(), 'registration', move()), 'registration', move());
    expect(() => advanceRollout(atFifty, 'registration', move())).toThrow("registration: the rollout's next stage is the promotion");
  });

  it('pauses and resumes, the stage starting afresh', () => {
    const paused = pauseRollout(registry(), 'registration', move('ana'));
    expect(rolloutOf(paused.remotes.registration?.canary)?.paused).toEqual({ by: 'ana', at: '2026-11-28T10:10:00.000Z' });
    expect(() => pauseRollout(paused, 'registration', move())).toThrow('already paused (by ana');
    const resumed = resumeRollout(paused, 'registration', move('bo', '2026-11-28T11:00:00.000Z'));
    expect(rolloutOf(resumed.remotes.registration?.canary)).toMatchObject({ paused: null, since: '2026-11-28T11:00:00.000Z' });
    expect(() => resumeRollout(resumed, 'registration', move())).toThrow('registration: the rollout is not paused');
  });

  it('refuses to touch a canary without a rollout', () => {
    const plain: Registry = { remotes: { registration: { live: '1.0.0', lastKnownGood: null, canary: { version: '2.0.0', percentage: 5 }, history: [] } } };
    expect(() => pauseRollout(plain, 'registration', move())).toThrow('registration has no rollout under way');
  });

  it('says where it stands and what comes next', () => {
    expect(describeRollout(plan)).toBe(
      `stage 1 of 4 (5% of visitors) since ${at}; next 25% at 2026-11-28T10:10:00.000Z if the canary is not worse than live`,
    );
  });
});
