import { DEFAULT_FAILURE_THRESHOLD } from '../../../release/src/server-reports.ts';
import { move, moveRegistry, promote, readDeployedShell, rollback, type Context } from '../../../release/src/commands.ts';
import { REMOTES, type Remote, type RemoteRecord } from '../../../release/src/registry.ts';
import { advanceRollout, nextMoveAt, rolloutOf, type Rollout } from '../../../release/src/rollout.ts';
import type { DeployTarget } from '../../../release/src/targets/target.ts';
import { VISITORS_PER_ADDRESS } from '../routes/app-metadata.ts';
import type { SharedState } from '../shared-state/shared-state.ts';
import { rolloutFigures } from './figures.ts';
import { servedRegistry } from './routes.ts';
import type { DeployedSite } from '../ssr/deployed-site.ts';

/** Who the history names for the moves a rollout makes by itself. */
export const ROLLOUT_BY = 'rollout';

/** The release tooling's context for moves the server makes in the site it serves (its folder, or the bucket it reads), by the rollout or by the release page. */
export const serverReleaseContext = ({
  target,
  state,
  by,
  now = () => new Date(),
  print,
}: {
  target: DeployTarget;
  state: Pick<SharedState, 'loadFailures'>;
  by: string;
  now?: () => Date;
  print: (line: string) => void;
}): Context => ({
  target,
  by,
  now,
  failures: (remote) => state.loadFailures(remote, VISITORS_PER_ADDRESS),
  rolloutFigures: async () => null,
  failureThreshold: DEFAULT_FAILURE_THRESHOLD,
  print,
});

type DriverOptions = {
  /** Where the registry is read: the deploy folder, or what a node reading a store holds in memory. */
  site: DeployedSite;
  /** Where the pointers are moved: the deploy folder, or the bucket a node reads. */
  target: DeployTarget;
  state: Pick<SharedState, 'loadFailures' | 'rolloutSides' | 'leadsRollouts'>;
  intervalMs: number;
  now?: () => Date;
  print?: (line: string) => void;
};

/**
 * Drives every staged rollout of the registry this server serves (ADR 018). On a timer it reads the
 * registry (a stat while it is unchanged) and each rollout's figures (a few indexed sums), asks the
 * rule, and when it says so moves the pointers with the release tooling, under the same
 * compare-and-swap as a release manager's command: it aborts (cancels the canary, live stays) as soon as
 * the canary is worse, advances a stage once the step time has passed and the canary is not worse, and
 * at the last stage promotes. Each move's history entry holds the figures and the reason. The plan is in
 * the registry and the figures in the database, so a restarted server takes up where it stopped.
 */
export const createRolloutDriver = ({ site, target, state, intervalMs, now = () => new Date(), print = (line) => console.log(line) }: DriverOptions) => {
  const registry = servedRegistry(site);
  const context = serverReleaseContext({ target, state, by: ROLLOUT_BY, now, print: (line) => print(`rollout: ${line}`) });

  const step = async (remote: Remote, record: RemoteRecord & { canary: NonNullable<RemoteRecord['canary']> }, rollout: Rollout) => {
    const figures = await rolloutFigures(state, remote, { live: record.live, canary: record.canary.version }, rollout);
    const stage = `stage ${rollout.stage + 1} of ${rollout.stages.length} (${record.canary.percentage}%)`;
    if (figures.verdict === 'worse') {
      print(`rollout: ${remote} ${record.canary.version} aborted at ${stage}: ${figures.reason}`);
      await rollback(context, { remote, version: null, why: `rollout aborted at ${stage}: ${figures.reason}`, cancelCanary: true });
      return;
    }
    if (figures.verdict !== 'not-worse' || now() < nextMoveAt(rollout)) return;
    const next = rollout.stages[rollout.stage + 1] as number;
    const why = `rollout ${stage} passed: ${figures.reason}`;
    if (next >= 100) {
      await promote(context, { remote, why });
      return;
    }
    const shell = await readDeployedShell(target);
    await moveRegistry(target, shell, (current) => advanceRollout(current, remote, move(context, why)), { remote, record });
    print(`rollout: ${remote} ${record.canary.version} goes to ${next}% of visitors: ${figures.reason}`);
  };

  /** One look at every rollout, by the one node that drives them. */
  const look = async () => {
    if (!(await state.leadsRollouts())) return;
    let remotes;
    try {
      ({ remotes } = registry());
    } catch (error) {
      print(`rollout: the registry could not be read: ${(error as Error).message}`);
      return;
    }
    for (const remote of REMOTES) {
      const record = remotes[remote];
      const rollout = rolloutOf(record?.canary);
      if (!record?.canary || !rollout || rollout.paused) continue;
      try {
        await step(remote, { ...record, canary: record.canary }, rollout);
      } catch (error) {
        // A refused move (a release manager's move landed first) is looked at again on the next tick.
        print(`rollout: ${remote}: ${(error as Error).message.split('\n')[0]}`);
      }
    }
  };

  let running: Promise<void> | null = null;
  /** A look still under way (a move takes a moment) is not doubled. */
  const tick = (): Promise<void> => {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  };

  let timer: ReturnType<typeof setInterval> | undefined;
  return {
    tick,
    start: () => {
      timer ??= setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    stop: async () => {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
};

export type RolloutDriver = ReturnType<typeof createRolloutDriver>;
