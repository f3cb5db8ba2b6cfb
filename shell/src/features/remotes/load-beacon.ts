import type { RemoteName } from '@entry/routes';
import { tellServer } from './failure-reports.ts';
import type { RemoteRegistry, ResolvedRemote } from './remote-registry.ts';

export type PageLoad = { remote: RemoteName; version: string; sample: number };

/** Every load of a remote with a canary running is counted (a rollout is judged by them); of the others, one in ten. */
export const sampleRateOf = (remote: ResolvedRemote): number => (remote.canaryRunning ? 1 : 0.1);

const post = (load: PageLoad) => tellServer('/app-metadata/page-loads', load);

/**
 * Tells the server, for a sample of loads, which version of a remote a page loads (ADR 018): the
 * remote, the version and the sample rate, nothing about the visitor, so it needs no consent. The
 * server weighs each by its rate and judges a staged rollout's failures against them. A developer's
 * override and a preview are nobody's release and are not counted.
 */
export const loadBeacon =
  (registry: RemoteRegistry, random: () => number = Math.random, send: (load: PageLoad) => void = post) =>
  (remote: RemoteName, version: string): void => {
    const resolved = registry[remote];
    if (resolved.source === 'override' || resolved.source === 'preview') return;
    const sample = sampleRateOf(resolved);
    if (random() < sample) send({ remote, version, sample });
  };
