import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { incompatibilities, parseContract, parseManifest, remoteEntryPath, type FederationManifest, type ShellContract } from './gate.ts';
import { prerenderPages, type OwnersRenderer } from './prerender.ts';
import {
  assertServes,
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
  type MoveOptions,
  type Registry,
  type Remote,
  type RemoteRecord,
} from './registry.ts';
import { describeRollout, rolloutOf, withRollout, type Rollout } from './rollout.ts';
import { unhealthyVersions, type FailureReport, type RolloutFigures } from './server-reports.ts';
import { deployableFiles, folderDigest } from './targets/files.ts';
import { REGISTRY_FILE, type DeployTarget } from './targets/target.ts';

export type Context = {
  target: DeployTarget;
  by: string;
  now: () => Date;
  /** What the environment's server saw visitors fail to load; null when it cannot be asked. */
  failures: (remote: Remote) => Promise<FailureReport[] | null>;
  /** The figures the server judges a rollout by; null when it cannot be asked. */
  rolloutFigures: (remote: Remote) => Promise<RolloutFigures | null>;
  /** Distinct visitors' failure reports at which a version is no longer a last known good. */
  failureThreshold: number;
  print: (line: string) => void;
};

export const SHELL_MANIFEST = 'mf-manifest.json';
export const SHELL_CONTRACT = 'shell-contract.json';
export const versionFolder = (remote: Remote, version: string) => `remotes/${remote}/${version}`;

/** The deployed shell as it describes itself; an environment without one is no deploy target. */
export type DeployedShell = { manifest: FederationManifest; contract: ShellContract };

export const readDeployedShell = async (target: DeployTarget): Promise<DeployedShell> => {
  const [manifest, contract] = await Promise.all([target.read(SHELL_MANIFEST), target.read(SHELL_CONTRACT)]);
  if (manifest === null || contract === null) {
    throw new ReleaseError(
      `${target.description} holds no deployed site (no ${SHELL_MANIFEST} or ${SHELL_CONTRACT}): check --target or --env, or deploy the shell first`,
    );
  }
  return { manifest: parseManifest(manifest, `the shell's ${SHELL_MANIFEST}`), contract: parseContract(contract, SHELL_CONTRACT) };
};

/** The remotes the shell's routes load: each must keep a live version. */
export const remotesServed = (shell: DeployedShell): string[] => Object.keys(shell.contract.remotes);

/** Refuses a candidate the shell cannot run, saying every reason. */
export const checkAgainstShell = (shell: DeployedShell, remote: Remote, version: string, candidate: FederationManifest) => {
  const reasons = incompatibilities(remote, candidate, shell.manifest, shell.contract);
  if (reasons.length > 0) {
    throw new ReleaseError([`refused: ${remote} ${version} does not fit the deployed shell:`, ...reasons.map((reason) => `  - ${reason}`)].join('\n'));
  }
};

/** A version already in the target, checked again: the shell may have changed since it was published. */
const checkPublished = async (target: DeployTarget, shell: DeployedShell, remote: Remote, version: string) => {
  const manifest = await target.read(`${versionFolder(remote, version)}/mf-manifest.json`);
  if (manifest === null) throw new ReleaseError(`${remote} ${version} is not published in ${target.description}`);
  checkAgainstShell(shell, remote, version, parseManifest(manifest, `${remote} ${version}'s mf-manifest.json`));
};

export const readRegistry = async (target: DeployTarget): Promise<Registry> => parseRegistry(await target.read(REGISTRY_FILE));

/**
 * Applies `change` under the target's lock, to the registry as it is then (another release may have
 * moved it since it was read), refusing a result the shell cannot run.
 */
export const moveRegistry = async (
  target: DeployTarget,
  shell: DeployedShell,
  change: (registry: Registry) => Registry,
  /** The remote's pointers as the command read them: a move made by someone else since is not silently overwritten. */
  asRead?: { remote: Remote; record: RemoteRecord | undefined },
): Promise<{ before: Registry; after: Registry }> => {
  let before: Registry = { remotes: {} };
  let after: Registry = { remotes: {} };
  await target.updateRegistry((current) => {
    before = parseRegistry(current);
    if (asRead && !isDeepStrictEqual(before.remotes[asRead.remote], asRead.record)) throw movedMeanwhile(asRead.remote, before.remotes[asRead.remote]);
    after = change(before);
    assertServes(after, remotesServed(shell));
    return serializeRegistry(after);
  });
  return { before, after };
};

/**
 * Two moves of one remote at once: the later to write is refused (compare-and-swap on the remote's
 * pointers), saying what the other did, by whom and when; run again, it starts from the new pointers.
 */
const movedMeanwhile = (remote: Remote, record: RemoteRecord | undefined): ReleaseError => {
  const last = record?.history.at(-1);
  const what = last ? `${last.action} ${last.from ?? '(none)'} -> ${last.to} by ${last.by} at ${last.at}` : 'its pointers changed';
  return new ReleaseError(`refused: ${remote} moved while this command ran (${what}); its pointers are as that move left them: run the command again`);
};

/**
 * Static hosts' pages follow every move of a pointer (ADR 015). They are written where the site is a
 * folder on this machine; a failure to write them leaves the move made, and says so.
 */
export const writeStaticPages = async (target: DeployTarget, print: (line: string) => void, renderer?: OwnersRenderer): Promise<void> => {
  if (!target.localFolder) {
    print(`pages for static hosts: not written to ${target.description} (only to a folder)`);
    return;
  }
  try {
    await prerenderPages(target.localFolder, print, renderer);
  } catch (error) {
    print(`pages for static hosts: not written: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
  }
};

/** How long the check gives each page, as the reference server does (composeTimeoutMs). */
const CHECK_DEADLINE_MS = 3000;

/**
 * Composes every page the remote owns with a version, as the server would (ADR 016), before any pointer
 * moves: a server build that fails to import, throws, hangs or renders nothing is refused. Where the
 * site is a folder with the shell's server build; a site without one composes nothing to check. It
 * starts at once, in a worker of its own, while the command goes on reading and checking the rest;
 * `verdict` waits for it, and refuses. The worker then writes the version's own pages for static hosts
 * (`renderer`: it holds the shell and the version already) until `close`.
 */
const startServerCheck = (context: Pick<Context, 'target' | 'print'>, remote: Remote, version: string, buildDir: string) => {
  const folder = context.target.localFolder;
  if (!folder || !existsSync(join(folder, 'server', 'index.mjs'))) return { verdict: async () => undefined, renderer: undefined, close: async () => undefined };
  const started = performance.now();
  // Loaded only by the commands that move a pointer: the others stay quick.
  const opened = import('../../server/src/ssr/version-check.ts').then(({ openServerCheck }) =>
    openServerCheck({ publicDir: folder, remote, version, buildDir, deadlineMs: CHECK_DEADLINE_MS }),
  );
  // Told by the verdict; a command refused for another reason first never asks for it.
  opened.catch(() => undefined);
  const renderer: OwnersRenderer = {
    owner: remote,
    compose: async (input) => {
      const { composeStatic } = await opened;
      if (!composeStatic) throw new Error(`${remote} ${version} has no server build`);
      return composeStatic(input);
    },
  };
  return {
    verdict: async () => {
      const found = await (await opened).failure;
      if (found) throw new ReleaseError(`refused: ${remote} ${version} ${found}`);
      context.print(`${remote} ${version}: every page it owns composes on the server (${Math.round(performance.now() - started)} ms)`);
    },
    renderer,
    close: async () => (await opened.catch(() => null))?.close(),
  };
};

type ServerCheck = ReturnType<typeof startServerCheck>;

/** Runs a move with the server check of its version open, and ends the check's worker however the move ends. */
const withServerCheck = async (
  context: Pick<Context, 'target' | 'print'>,
  remote: Remote,
  version: string,
  buildDir: string,
  move: (check: ServerCheck) => Promise<void>,
): Promise<void> => {
  const check = startServerCheck(context, remote, version, buildDir);
  try {
    await move(check);
  } finally {
    await check.close();
  }
};

/** How a move changed one remote's pointers, a line each. */
export const describeChange = (remote: Remote, before: RemoteRecord | undefined, after: RemoteRecord | undefined): string[] => {
  const previous = new Map(pointers(before));
  return [
    `${remote} in this environment:`,
    ...pointers(after).map(([name, value]) => {
      const was = previous.get(name);
      return `  ${name.padEnd(16)} ${was === value ? `${value} (unchanged)` : `${was} -> ${value}`}`;
    }),
  ];
};

/** Says in words what a move did to a running canary, when it did anything. */
const describeCanaryChange = (remote: Remote, before: RemoteRecord | undefined, after: RemoteRecord | undefined): string | null => {
  const was = before?.canary;
  const now = after?.canary;
  if (!was || (now && now.version === was.version && now.percentage === was.percentage)) return null;
  if (!now) {
    return after?.live === was.version
      ? `${remote}: the canary ${was.version} is live for everybody now`
      : `${remote}: the canary ${was.version} (${was.percentage}% of visitors) is cancelled; its visitors get ${after?.live} again`;
  }
  return now.version === was.version
    ? `${remote}: the canary ${was.version} goes from ${was.percentage}% to ${now.percentage}% of visitors`
    : `${remote}: the canary ${was.version} (${was.percentage}%) is replaced by ${now.version} (${now.percentage}%)`;
};

const printMove = (context: Context, remote: Remote, before: Registry, after: Registry) => {
  for (const line of describeChange(remote, before.remotes[remote], after.remotes[remote])) context.print(line);
  const canary = describeCanaryChange(remote, before.remotes[remote], after.remotes[remote]);
  if (canary) context.print(canary);
};

export const describeFailure = ({ version, fallbackVersion, visitors, canaryVisitors, lastSeen }: FailureReport): string =>
  `${version} failed to load for ${visitors} visitor${visitors === 1 ? '' : 's'}${canaryVisitors > 0 ? ` (${canaryVisitors} on the canary)` : ''}, ${
    fallbackVersion ? `who fell back to ${fallbackVersion}` : 'with no version to fall back to'
  } (last ${lastSeen})`;

const printFailures = (context: Context, reports: FailureReport[] | null) => {
  if (reports === null) return;
  if (reports.length === 0) {
    context.print(`  visitors' load failures seen by the server: none`);
    return;
  }
  context.print(`  visitors' load failures seen by the server:`);
  for (const report of reports) context.print(`    ${describeFailure(report)}`);
};

/**
 * The versions the server's reports rule out as last known good. Asked before the move, so that the
 * pointer never lands on one; a server that cannot be asked is said (server-reports.ts), and the move
 * goes ahead on the registry alone.
 */
const healthOf = async (context: Context, remote: Remote) => {
  const reports = await context.failures(remote);
  return { reports, unhealthy: unhealthyVersions(reports ?? [], context.failureThreshold) };
};

export const move = (context: Pick<Context, 'by' | 'now'>, why: string): Move => ({ by: context.by, why, at: context.now().toISOString() });

export type CanaryFlags = { cancelCanary: boolean; replaceCanary: boolean };
export type ReleaseOptions = {
  remote: Remote;
  sourceDir: string;
  version: string | null;
  canary: number | null;
  /** A staged rollout (rollout.ts): the canary starts at its first stage and moves on by itself. */
  rollout: Rollout | null;
  why: string | null;
} & CanaryFlags;

/**
 * A build's version when none is given: its package version and a digest of every file of the build
 * folder (browser and server builds alike), so the same files always get the same id and other files
 * never do.
 */
export const contentVersion = (manifest: FederationManifest, sourceDir: string): string =>
  `${manifest.metaData?.buildInfo?.buildVersion ?? '0.0.0'}-${folderDigest(sourceDir).slice(0, 10)}`;

/**
 * The compressed copies (`.br`, `.gz`) in a build folder that do not hold their file as it is now: hosts
 * send a copy instead of its file to every browser that accepts it, so a stale one would put other code
 * in front of visitors than the code the gate checked.
 */
export const staleCopies = (sourceDir: string): string[] =>
  deployableFiles(sourceDir).filter((file) => {
    const [, name, format] = /^(.+)\.(br|gz)$/.exec(file) ?? [];
    if (!name) return false;
    const original = join(sourceDir, name);
    if (!existsSync(original)) return true;
    const packed = readFileSync(join(sourceDir, file));
    try {
      return !(format === 'br' ? brotliDecompressSync(packed) : gunzipSync(packed)).equals(readFileSync(original));
    } catch {
      return true;
    }
  });

/**
 * A built remote in `sourceDir`, checked to be one: its manifest, the entry the manifest names, and
 * compressed copies true to their files.
 */
export const readBuild = (remote: Remote, sourceDir: string): FederationManifest => {
  const manifestFile = join(sourceDir, 'mf-manifest.json');
  if (!existsSync(manifestFile)) {
    throw new ReleaseError(`${sourceDir} has no mf-manifest.json: build the remote first (npm run build -w remotes/${remote})`);
  }
  const candidate = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
  const entry = remoteEntryPath(candidate);
  if (!existsSync(join(sourceDir, entry))) throw new ReleaseError(`${sourceDir} has no ${entry}, which its manifest names`);
  const stale = staleCopies(sourceDir);
  if (stale.length > 0) {
    throw new ReleaseError(
      `${sourceDir} has compressed copies that differ from their files (${stale.slice(0, 3).join(', ')}${stale.length > 3 ? ` and ${stale.length - 3} more` : ''}): build the remote again rather than edit its files`,
    );
  }
  return candidate;
};

/** Publishes a version folder, saying whether it was new. */
export const publishVersion = async (context: Pick<Context, 'target' | 'print'>, remote: Remote, version: string, sourceDir: string) => {
  const published = await context.target.publish(versionFolder(remote, version), sourceDir);
  context.print(
    published === 'published'
      ? `${remote} ${version}: published to ${context.target.description}/${versionFolder(remote, version)}`
      : `${remote} ${version}: already published with the same files`,
  );
};

export const release = async (context: Context, options: ReleaseOptions) => {
  const { remote, sourceDir, version, rollout, why } = options;
  const canary = rollout ? (rollout.stages[0] as number) : options.canary;
  const candidate = readBuild(remote, sourceDir);
  const chosen = assertVersion(version ?? contentVersion(candidate, sourceDir));
  await withServerCheck(context, remote, chosen, sourceDir, async (serverCheck) => {
    const shell = await readDeployedShell(context.target);
    const registry = await readRegistry(context.target);
    const { reports, unhealthy } = await healthOf(context, remote);
    const flags: MoveOptions = { ...options, unhealthy };
    const reason = why ?? (rollout ? `rollout through ${rollout.stages.join(', ')}% of visitors` : canary ? `canary for ${canary}% of visitors` : 'release');
    const change = (current: Registry) => {
      if (!canary) return releaseVersion(current, remote, chosen, move(context, reason), flags);
      const started = startCanary(current, remote, chosen, canary, move(context, reason), flags);
      return rollout ? withRollout(started, remote, rollout) : started;
    };

    // Every check runs before anything is published: the move itself, the registry it leaves, the gate, the server.
    assertServes(change(registry), remotesServed(shell));
    checkAgainstShell(shell, remote, chosen, candidate);
    await serverCheck.verdict();
    await publishVersion(context, remote, chosen, sourceDir);
    const { before, after } = await moveRegistry(context.target, shell, change, { remote, record: registry.remotes[remote] });
    printMove(context, remote, before, after);
    const plan = rolloutOf(after.remotes[remote]?.canary);
    if (plan) context.print(`${remote}: rollout ${describeRollout(plan)}`);
    await writeStaticPages(context.target, context.print, serverCheck.renderer);
    printFailures(context, reports);
  });
};

/** A published version's folder in a folder target, where the server check finds its build. */
const publishedFolder = (context: Pick<Context, 'target'>, remote: Remote, version: string) =>
  join(context.target.localFolder ?? '', versionFolder(remote, version));

export const rollback = async (
  context: Context,
  { remote, version, why, cancelCanary }: { remote: Remote; version: string | null; why: string | null; cancelCanary: boolean },
) => {
  const shell = await readDeployedShell(context.target);
  const registry = await readRegistry(context.target);
  const { reports, unhealthy } = await healthOf(context, remote);
  const flags: MoveOptions = { cancelCanary, unhealthy };
  // The target is worked out from the registry as read; the move below re-applies it under the lock.
  const planned = rollbackTo(registry, remote, version && assertVersion(version), move(context, why ?? 'rollback'), flags);
  const target = planned.remotes[remote]?.live as string;
  assertServes(planned, remotesServed(shell));
  await withServerCheck(context, remote, target, publishedFolder(context, remote, target), async (serverCheck) => {
    await checkPublished(context.target, shell, remote, target);
    await serverCheck.verdict();
    const { before, after } = await moveRegistry(
      context.target,
      shell,
      (current) => rollbackTo(current, remote, target, move(context, why ?? 'rollback'), flags),
      { remote, record: registry.remotes[remote] },
    );
    printMove(context, remote, before, after);
    await writeStaticPages(context.target, context.print, serverCheck.renderer);
    printFailures(context, reports);
  });
};

export const promote = async (context: Context, { remote, why }: { remote: Remote; why: string | null }) => {
  const shell = await readDeployedShell(context.target);
  const record = (await readRegistry(context.target)).remotes[remote];
  if (!record?.canary) throw new ReleaseError(`${remote} has no canary to promote`);
  const asRead = { remote, record };
  const { version } = record.canary;
  await withServerCheck(context, remote, version, publishedFolder(context, remote, version), async (serverCheck) => {
    await checkPublished(context.target, shell, remote, version);
    await serverCheck.verdict();
    const { reports, unhealthy } = await healthOf(context, remote);
    const { before, after } = await moveRegistry(
      context.target,
      shell,
      (current) => promoteCanary(current, remote, move(context, why ?? 'promote'), { unhealthy }),
      asRead,
    );
    printMove(context, remote, before, after);
    await writeStaticPages(context.target, context.print, serverCheck.renderer);
    printFailures(context, reports);
  });
};

/** The history, oldest first, with the failures the server saw. */
export const releases = async (context: Context, { remote }: { remote: Remote }) => {
  await readDeployedShell(context.target);
  const record = (await readRegistry(context.target)).remotes[remote];
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
  const rollout = rolloutOf(record.canary);
  if (rollout) {
    context.print(`  rollout          ${describeRollout(rollout)}`);
    const figures = await context.rolloutFigures(remote);
    if (figures) context.print(`  rollout figures  ${figures.reason}`);
  }
  printFailures(context, await context.failures(remote));
};
