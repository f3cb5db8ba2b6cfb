/**
 * npm run release -- <remote> --pause | --resume | --abort: a release manager's hand on a rollout the
 * server drives (ADR 018). Each reads the registry and writes it only if the remote's pointers are as
 * read (moveRegistry), like every other move.
 */
import { move, moveRegistry, readDeployedShell, readRegistry, rollback, type Context } from './commands.ts';
import { ReleaseError, type Registry, type Remote } from './registry.ts';
import { describeRollout, pauseRollout, resumeRollout, rolloutOf } from './rollout.ts';

export type RolloutControl = 'pause' | 'resume' | 'abort';

const changeRollout = async (context: Context, remote: Remote, change: (registry: Registry) => Registry) => {
  const shell = await readDeployedShell(context.target);
  const registry = await readRegistry(context.target);
  const { after } = await moveRegistry(context.target, shell, change, { remote, record: registry.remotes[remote] });
  const rollout = rolloutOf(after.remotes[remote]?.canary);
  if (rollout) context.print(`${remote}: rollout ${describeRollout(rollout)}`);
};

export const controlRollout = async (context: Context, { remote, control, why }: { remote: Remote; control: RolloutControl; why: string | null }) => {
  const at = move(context, why ?? control);
  if (control === 'pause') return changeRollout(context, remote, (registry) => pauseRollout(registry, remote, at));
  if (control === 'resume') return changeRollout(context, remote, (registry) => resumeRollout(registry, remote, at));
  const record = (await readRegistry(context.target)).remotes[remote];
  if (!rolloutOf(record?.canary)) {
    throw new ReleaseError(`${remote} has no rollout under way${record?.canary ? `: end its canary with npm run rollback -- ${remote} --cancel-canary` : ''}`);
  }
  await rollback(context, { remote, version: null, why: why ?? 'rollout aborted by hand', cancelCanary: true });
};
