/**
 * `npm run prune -- <remote>`: deletes old version folders. Open tabs load the versions they started
 * with for as long as they stay open, so a version that served visitors recently stays (the skew
 * window), as do the registry's pointers and the newest few.
 */
import { readDeployedShell, versionFolder, type Context } from './commands.ts';
import { parseRegistry, VERSION_PATTERN, type Remote, type RemoteRecord } from './registry.ts';
import { REGISTRY_FILE } from './targets/target.ts';

export const DEFAULT_KEEP = 3;
export const DEFAULT_SKEW_WINDOW_MS = 24 * 60 * 60 * 1000;

export type PruneOptions = { remote: Remote; keep: number; skewWindowMs: number; dryRun: boolean };

/** The version a canary history entry names ("2.1.0 (10%)"). */
const canaryVersionOf = (to: string) => to.split(' ')[0] ?? to;

/**
 * Versions that served visitors at or after `since`: live or canary now, or replaced by a move made
 * since then. The history is replayed to know which canary ran before each move.
 */
export const servedSince = (record: RemoteRecord, since: Date): Set<string> => {
  const served = new Set<string>([record.live, ...(record.canary ? [record.canary.version] : [])]);
  let canary: string | null = null;
  for (const { action, at, from, to } of record.history) {
    const recent = new Date(at) >= since;
    if (recent && from) served.add(from);
    if (recent && canary) served.add(canary);
    canary = action === 'canary' ? canaryVersionOf(to) : null;
  }
  return served;
};

/**
 * Why each published version stays, or null for one that may go: the registry's pointers, what served
 * visitors within the skew window, and then the `keep` newest of the rest.
 */
export const retention = (
  record: RemoteRecord | undefined,
  published: { name: string; publishedAt: Date }[],
  { keep, skewWindowMs }: Pick<PruneOptions, 'keep' | 'skewWindowMs'>,
  now: Date,
): Map<string, string | null> => {
  const hours = Math.round(skewWindowMs / 3_600_000);
  const recent = record ? servedSince(record, new Date(now.getTime() - skewWindowMs)) : new Set<string>();
  const protectedReason = (name: string): string | null => {
    if (name === record?.live) return 'live';
    if (name === record?.canary?.version) return 'canary';
    if (name === record?.lastKnownGood) return 'last known good';
    if (recent.has(name)) return `served visitors within the last ${hours} h (open tabs may still load it)`;
    return null;
  };
  const verdicts = new Map(published.map(({ name }) => [name, protectedReason(name)]));
  const newestOthers = published
    .filter(({ name }) => verdicts.get(name) === null)
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
    .slice(0, keep);
  for (const { name } of newestOthers) verdicts.set(name, `one of the ${keep} newest besides those`);
  return new Map([...verdicts].sort(([a], [b]) => a.localeCompare(b)));
};

export const prune = async (context: Pick<Context, 'target' | 'print' | 'now'>, { remote, keep, skewWindowMs, dryRun }: PruneOptions) => {
  await readDeployedShell(context.target);
  const record = parseRegistry(await context.target.read(REGISTRY_FILE)).remotes[remote];
  const published = (await context.target.listFolders(`remotes/${remote}`)).filter(({ name }) => VERSION_PATTERN.test(name));
  const verdicts = retention(record, published, { keep, skewWindowMs }, context.now());
  context.print(`${remote} in ${context.target.description}: ${published.length} published version${published.length === 1 ? '' : 's'}`);
  const doomed = [...verdicts].filter(([, reason]) => reason === null).map(([name]) => name);
  for (const [name, reason] of verdicts) if (reason) context.print(`  kept     ${name}: ${reason}`);
  for (const name of doomed) {
    if (!dryRun) await context.target.remove(versionFolder(remote, name));
    context.print(`  ${dryRun ? 'would delete' : 'deleted '} ${name}`);
  }
  if (doomed.length === 0) context.print('  nothing to delete');
};
