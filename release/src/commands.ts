import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { incompatibilities, parseContract, parseManifest, remoteEntryPath, type FederationManifest } from './gate.ts';
import {
  assertVersion,
  parseRegistry,
  pointers,
  promote as promoteCanary,
  release as releaseVersion,
  ReleaseError,
  rollback as rollbackTo,
  serializeRegistry,
  startCanary,
  type Move,
  type Registry,
  type Remote,
  type RemoteRecord,
} from './registry.ts';
import type { FallbackReport } from './server-reports.ts';
import { REGISTRY_FILE, type DeployTarget } from './targets/target.ts';

export type Context = {
  target: DeployTarget;
  by: string;
  now: () => Date;
  /** What the environment's server saw visitors fall back from; null when it cannot be asked. */
  fallbacks: (remote: Remote) => Promise<FallbackReport[] | null>;
  print: (line: string) => void;
};

export const SHELL_MANIFEST = 'mf-manifest.json';
export const SHELL_CONTRACT = 'shell-contract.json';
const versionFolder = (remote: Remote, version: string) => `remotes/${remote}/${version}`;

/** Refuses a candidate the deployed shell cannot run, saying every reason. */
const checkAgainstShell = async (target: DeployTarget, remote: Remote, version: string, candidate: FederationManifest) => {
  const [shellManifest, contract] = await Promise.all([target.read(SHELL_MANIFEST), target.read(SHELL_CONTRACT)]);
  if (shellManifest === null || contract === null) {
    throw new ReleaseError(`${target.description} has no shell (${SHELL_MANIFEST}, ${SHELL_CONTRACT}): deploy the shell first`);
  }
  const reasons = incompatibilities(
    remote,
    candidate,
    parseManifest(shellManifest, `the shell's ${SHELL_MANIFEST}`),
    parseContract(contract, SHELL_CONTRACT),
  );
  if (reasons.length > 0) {
    throw new ReleaseError([`refused: ${remote} ${version} does not fit the deployed shell:`, ...reasons.map((reason) => `  - ${reason}`)].join('\n'));
  }
};

/** A version already in the target, checked again: the shell may have changed since it was published. */
const checkPublished = async (target: DeployTarget, remote: Remote, version: string) => {
  const manifest = await target.read(`${versionFolder(remote, version)}/mf-manifest.json`);
  if (manifest === null) throw new ReleaseError(`${remote} ${version} is not published in ${target.description}`);
  await checkAgainstShell(target, remote, version, parseManifest(manifest, `${remote} ${version}'s mf-manifest.json`));
};

const moveRegistry = async (
  context: Context,
  remote: Remote,
  change: (registry: Registry) => Registry,
): Promise<{ before: RemoteRecord | undefined; after: RemoteRecord | undefined }> => {
  let before: RemoteRecord | undefined;
  let after: RemoteRecord | undefined;
  await context.target.updateRegistry((current) => {
    const registry = parseRegistry(current);
    const next = change(registry);
    before = registry.remotes[remote];
    after = next.remotes[remote];
    return serializeRegistry(next);
  });
  return { before, after };
};

const printChange = (print: Context['print'], remote: Remote, before: RemoteRecord | undefined, after: RemoteRecord | undefined) => {
  const previous = new Map(pointers(before));
  print(`${remote} in this environment:`);
  for (const [name, value] of pointers(after)) {
    const was = previous.get(name);
    print(`  ${name.padEnd(16)} ${was === value ? `${value} (unchanged)` : `${was} -> ${value}`}`);
  }
};

const printFallbacks = async (context: Context, remote: Remote) => {
  const reports = await context.fallbacks(remote);
  if (reports === null) return;
  if (reports.length === 0) {
    context.print(`  visitors' load failures seen by the server: none`);
    return;
  }
  context.print(`  visitors' load failures seen by the server:`);
  for (const report of reports) context.print(`    ${describeFallback(report)}`);
};

export const describeFallback = ({ version, fallbackVersion, count, lastSeen }: FallbackReport): string =>
  `${version} failed to load ${count} time${count === 1 ? '' : 's'}, ${
    fallbackVersion ? `visitors fell back to ${fallbackVersion}` : 'with no version to fall back to'
  } (last ${lastSeen})`;

const move = (context: Context, why: string): Move => ({ by: context.by, why, at: context.now().toISOString() });

export type ReleaseOptions = { remote: Remote; sourceDir: string; version: string | null; canary: number | null; why: string | null };

/** A build's version when none is given: its package version and a digest of its manifest. */
export const defaultVersion = (manifest: FederationManifest, manifestText: string): string =>
  `${manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0'}-${createHash('sha256').update(manifestText).digest('hex').slice(0, 8)}`;

export const release = async (context: Context, { remote, sourceDir, version, canary, why }: ReleaseOptions) => {
  const manifestFile = join(sourceDir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) {
    throw new ReleaseError(`${sourceDir} has no mf-manifest.json: build the remote first (npm run build -w remotes/${remote})`);
  }
  const manifestText = readFileSync(manifestFile, 'utf8');
  const candidate = parseManifest(manifestText, manifestFile);
  const entry = remoteEntryPath(candidate);
  if (!existsSync(join(sourceDir, entry))) throw new ReleaseError(`${sourceDir} has no ${entry}, which its manifest names`);
  const chosen = assertVersion(version ?? defaultVersion(candidate, manifestText));

  await checkAgainstShell(context.target, remote, chosen, candidate);
  const published = await context.target.publish(versionFolder(remote, chosen), sourceDir);
  context.print(
    published === 'published'
      ? `${remote} ${chosen}: published to ${context.target.description}/${versionFolder(remote, chosen)}`
      : `${remote} ${chosen}: already published with the same files`,
  );
  const reason = why ?? (canary ? `canary for ${canary}% of visitors` : 'release');
  const { before, after } = await moveRegistry(context, remote, (registry) =>
    canary
      ? startCanary(registry, remote, chosen, canary, move(context, reason))
      : releaseVersion(registry, remote, chosen, move(context, reason)),
  );
  printChange(context.print, remote, before, after);
  await printFallbacks(context, remote);
};

export const rollback = async (context: Context, { remote, version, why }: { remote: Remote; version: string | null; why: string | null }) => {
  const registry = parseRegistry(await context.target.read(REGISTRY_FILE));
  // The target is worked out from the registry as read; the move below re-applies it under the lock.
  const planned = rollbackTo(registry, remote, version && assertVersion(version), move(context, why ?? 'rollback'));
  const target = planned.remotes[remote]?.live as string;
  await checkPublished(context.target, remote, target);
  const { before, after } = await moveRegistry(context, remote, (current) =>
    rollbackTo(current, remote, target, move(context, why ?? 'rollback')),
  );
  printChange(context.print, remote, before, after);
  await printFallbacks(context, remote);
};

export const promote = async (context: Context, { remote, why }: { remote: Remote; why: string | null }) => {
  const record = parseRegistry(await context.target.read(REGISTRY_FILE)).remotes[remote];
  if (!record?.canary) throw new ReleaseError(`${remote} has no canary to promote`);
  await checkPublished(context.target, remote, record.canary.version);
  const { before, after } = await moveRegistry(context, remote, (current) => promoteCanary(current, remote, move(context, why ?? 'promote')));
  printChange(context.print, remote, before, after);
  await printFallbacks(context, remote);
};

/** The history, oldest first, with the fallbacks the server saw. */
export const releases = async (context: Context, { remote }: { remote: Remote }) => {
  const record = parseRegistry(await context.target.read(REGISTRY_FILE)).remotes[remote];
  context.print(`${remote} in ${context.target.description}`);
  if (!record) {
    context.print('  never released here');
    return;
  }
  for (const { at, action, from, to, by, why } of record.history) {
    context.print(`  ${at}  ${action.padEnd(8)}  ${from ?? '(none)'} -> ${to}  by ${by}: ${why}`);
  }
  context.print('now:');
  for (const [name, value] of pointers(record)) context.print(`  ${name.padEnd(16)} ${value}`);
  await printFallbacks(context, remote);
};
