/**
 * The compatibility gate: before a pointer moves, the candidate's mf-manifest.json is checked against
 * the deployed shell. With the `loaded-first` share strategy the shell's copy of every singleton it uses is
 * the one a remote gets, so each range the remote requires must accept the shell's version; and every module
 * the shell's routes load from the remote must be exposed.
 */
// The one function the gate uses: the whole package is some fifty modules for every command to load.
import satisfies from 'semver/functions/satisfies.js';
import { parseJson, ReleaseError } from './registry.ts';

type SharedEntry = { name: string; version: string; singleton?: boolean; requiredVersion?: string | false };
export type FederationManifest = {
  name: string;
  metaData?: { buildInfo?: { buildVersion?: string }; remoteEntry?: { name?: string; path?: string } };
  shared: SharedEntry[];
  exposes: { name: string; path?: string }[];
};
/** What the deployed shell needs from each remote (written next to it by the build). */
export type ShellContract = { release: string; remotes: Record<string, { exposes: string[] }> };

const isManifest = (value: unknown): value is FederationManifest => {
  const manifest = value as FederationManifest | null;
  return (
    typeof manifest === 'object' &&
    manifest !== null &&
    typeof manifest.name === 'string' &&
    Array.isArray(manifest.shared) &&
    Array.isArray(manifest.exposes)
  );
};

export const parseManifest = (text: string, where: string): FederationManifest => {
  const body = parseJson(text, where);
  if (!isManifest(body)) throw new ReleaseError(`${where} is not a Module Federation manifest (name, shared, exposes)`);
  return body;
};

export const parseContract = (text: string, where: string): ShellContract => {
  const body = parseJson(text, where);
  const contract = body as ShellContract | null;
  if (typeof contract?.remotes !== 'object' || contract.remotes === null) {
    throw new ReleaseError(`${where} has no "remotes" object`);
  }
  return contract;
};

/** The file a manifest names as its entry, relative to the manifest's folder. */
export const remoteEntryPath = (manifest: FederationManifest): string => {
  const { name = 'remoteEntry.js', path = '' } = manifest.metaData?.remoteEntry ?? {};
  return path ? `${path.replace(/\/$/, '')}/${name}` : name;
};

const exposePath = (expose: { name: string; path?: string }) => expose.path ?? `./${expose.name}`;

/** Every reason the candidate may not go live next to this shell; empty when it may. */
export const incompatibilities = (
  remote: string,
  candidate: FederationManifest,
  shell: FederationManifest,
  contract: ShellContract,
): string[] => {
  const reasons: string[] = [];
  if (candidate.name !== remote) reasons.push(`its manifest names the remote "${candidate.name}", not "${remote}"`);

  const provided = new Map(shell.shared.map((entry) => [entry.name, entry.version]));
  for (const { name, singleton, requiredVersion } of candidate.shared) {
    if (!singleton || !requiredVersion) continue;
    const version = provided.get(name);
    // A singleton the shell does not use is provided by whichever remote loads it first.
    if (version !== undefined && !satisfies(version, requiredVersion, { includePrerelease: true })) {
      reasons.push(`it requires ${name} ${requiredVersion}, but the shell provides ${name} ${version}`);
    }
  }

  const exposed = new Set(candidate.exposes.map(exposePath));
  const needed = contract.remotes[remote]?.exposes ?? [];
  for (const module of needed) {
    if (!exposed.has(module)) reasons.push(`it does not expose ${module}, which the shell's routes load`);
  }
  return reasons;
};
