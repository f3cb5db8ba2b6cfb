/**
 * A whole site into a deploy folder, as `npm run build` does for the local environment: every remote's
 * build published in a version folder named by its content, the registry moved, and only then the
 * shell. Every check runs before anything is written, so a refusal leaves the environment as it was, and
 * running it again with the same builds changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  checkAgainstShell,
  contentVersion,
  describeChange,
  moveRegistry,
  publishVersion,
  readBuild,
  SHELL_CONTRACT,
  SHELL_MANIFEST,
  versionFolder,
  writeStaticPages,
  type DeployedShell,
} from './commands.ts';
import { parseManifest, type FederationManifest, type ShellContract } from './gate.ts';
import { isRolledBackFrom, parseRegistry, release, ReleaseError, type Move, type Registry, type Remote, type RemoteRecord } from './registry.ts';
import { deployableFiles } from './targets/files.ts';
import { folderTarget } from './targets/folder.ts';
import { ioFailure } from './targets/io-failure.ts';
import { REGISTRY_FILE } from './targets/target.ts';

export const RELEASE_FILE = 'release.json';

export type SiteBuild = {
  /** The deploy folder (dist/public for the local environment). */
  deployDir: string;
  shellDir: string;
  contract: ShellContract;
  /** Each remote the contract names, and the folder its build is in. */
  remoteDirs: Record<string, string>;
  releaseId: string;
  move: Move;
  print: (line: string) => void;
};

type Plan = { remote: Remote; version: string; sourceDir: string; makeLive: boolean; note: string | null };

/**
 * Whether this build's version of a remote goes live. The build never undoes a release manager's
 * move: while a canary runs, or when the build is a version rolled back from, it is only published.
 */
const decide = (record: RemoteRecord | undefined, version: string): { makeLive: boolean; note: string | null } => {
  if (!record) return { makeLive: true, note: null };
  if (record.live === version) return { makeLive: false, note: 'is live already' };
  if (record.canary?.version === version) return { makeLive: false, note: `is the canary already (${record.canary.percentage}% of visitors)` };
  if (record.canary) {
    return {
      makeLive: false,
      note: `published, not made live: the canary ${record.canary.version} is running (promote it, or end it with rollback --cancel-canary)`,
    };
  }
  if (isRolledBackFrom(record, version)) {
    return { makeLive: false, note: `published, not made live: it was rolled back from (release it by hand once it is fixed)` };
  }
  return { makeLive: true, note: null };
};

/** A file written whole or not at all: visitors never fetch half an index.html. */
const replaceFile = (path: string, content: Buffer | string) => {
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(temporary, content);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw ioFailure(error, `write ${path}`);
  }
};

/**
 * The shell last, file by file, each replaced whole and only when it differs: hashed files are added
 * beside the old ones (an open tab may still fetch those), files of a fixed name (index.html, a server
 * build's entry) are swapped, the top-level ones after those in folders, and release.json at the very
 * end so that open tabs are told of the new release only once it is all there.
 */
const replaceShell = ({ deployDir, shellDir, contract, releaseId }: SiteBuild) => {
  const files = deployableFiles(shellDir).sort((a, b) => Number(!a.includes('/')) - Number(!b.includes('/')));
  for (const file of files) {
    const content = readFileSync(join(shellDir, file));
    const destination = join(deployDir, file);
    if (existsSync(destination) && readFileSync(destination).equals(content)) continue;
    try {
      mkdirSync(dirname(destination), { recursive: true });
    } catch (error) {
      throw ioFailure(error, `create ${dirname(destination)}`);
    }
    replaceFile(destination, content);
  }
  replaceFile(join(deployDir, SHELL_CONTRACT), `${JSON.stringify(contract, null, 2)}\n`);
  replaceFile(join(deployDir, RELEASE_FILE), `${JSON.stringify({ version: releaseId })}\n`);
};

/**
 * The registry as it is; one that cannot be read is moved aside (kept, and said), so that a local build
 * starts the environment afresh instead of failing on it.
 */
const readOrSetAside = async (deployDir: string, print: SiteBuild['print']): Promise<Registry> => {
  const file = join(deployDir, REGISTRY_FILE);
  try {
    return parseRegistry(await folderTarget(deployDir).read(REGISTRY_FILE));
  } catch (error) {
    if (!(error instanceof ReleaseError) || !existsSync(file)) throw error;
    const aside = `${file}.unreadable-${Date.now()}`;
    renameSync(file, aside);
    print(`${error.message}: moved it to ${aside} and started a new registry`);
    return { remotes: {} };
  }
};

export const deploySite = async (site: SiteBuild): Promise<void> => {
  const { deployDir, shellDir, contract, remoteDirs, move, print } = site;
  const target = folderTarget(deployDir);
  const shell: DeployedShell = {
    manifest: parseManifest(readFileSync(join(shellDir, SHELL_MANIFEST), 'utf8'), `${shellDir}/${SHELL_MANIFEST}`),
    contract,
  };
  const registry: Registry = await readOrSetAside(deployDir, print);

  // Checks, all before anything is written: each build fits the new shell, and so does every version
  // the registry keeps visitors on.
  const plans: Plan[] = [];
  const reasons: string[] = [];
  for (const name of Object.keys(contract.remotes) as Remote[]) {
    const sourceDir = remoteDirs[name];
    if (!sourceDir) throw new ReleaseError(`no build of ${name}, which the shell's routes load`);
    try {
      const candidate: FederationManifest = readBuild(name, sourceDir);
      const version = contentVersion(candidate, sourceDir);
      checkAgainstShell(shell, name, version, candidate);
      const plan = { remote: name, version, sourceDir, ...decide(registry.remotes[name], version) };
      plans.push(plan);
      const record = registry.remotes[name];
      const kept = plan.makeLive ? [] : [record?.live, record?.canary?.version].filter((kept): kept is string => !!kept && kept !== version);
      for (const version of kept) {
        const manifest = await target.read(`${versionFolder(name, version)}/mf-manifest.json`);
        if (manifest === null) throw new ReleaseError(`${name} ${version} is in remotes.json but not published in ${target.description}`);
        checkAgainstShell(shell, name, version, parseManifest(manifest, `${name} ${version}'s mf-manifest.json`));
      }
    } catch (error) {
      if (!(error instanceof ReleaseError)) throw error;
      reasons.push(error.message);
    }
  }
  if (reasons.length > 0) throw new ReleaseError([`refused: nothing was deployed to ${deployDir}:`, ...reasons].join('\n'));

  for (const { remote, version, sourceDir } of plans) await publishVersion({ target, print }, remote, version, sourceDir);
  const { before, after } = await moveRegistry(target, shell, (current) =>
    plans.reduce((next, { remote, version, makeLive }) => (makeLive && next.remotes[remote]?.live !== version ? release(next, remote, version, move) : next), current),
  );
  for (const { remote, version, makeLive, note } of plans) {
    if (makeLive) for (const line of describeChange(remote, before.remotes[remote], after.remotes[remote])) print(line);
    else print(`${remote} ${version} ${note}`);
  }
  replaceShell(site);
  print(`shell: release ${site.releaseId} in ${deployDir}`);
  await writeStaticPages(target, print);
};
