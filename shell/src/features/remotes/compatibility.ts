import { satisfy } from '@module-federation/enhanced/runtime';

type ManifestShared = { name?: unknown; singleton?: unknown; requiredVersion?: unknown };

/** The part of a remote version's `mf-manifest.json` the shell reads: what it shares, and its entry script. */
export type FederationManifest = { shared?: ManifestShared[]; metaData?: { remoteEntry?: { name?: string; path?: string } } };

/**
 * Every shared singleton whose required range the shell's version does not satisfy. The browser's load
 * guard refuses such a manifest before its code runs; the composing server asks the same question of
 * the version it puts in a page, and names the entry script only when the answer is none (ADR 024).
 */
export const unsatisfied = (manifest: FederationManifest, provided: ReadonlyMap<string, string>): string[] =>
  (manifest.shared ?? []).flatMap(({ name, singleton, requiredVersion }) => {
    if (!singleton || typeof name !== 'string' || typeof requiredVersion !== 'string') return [];
    const version = provided.get(name);
    return version !== undefined && !satisfy(version, requiredVersion) ? [`${name} ${requiredVersion} (the shell has ${version})`] : [];
  });

/** The entry script a manifest names, relative to the manifest's folder. */
export const entryScriptOf = (manifest: FederationManifest): string => {
  const { name = 'remoteEntry.js', path = '' } = manifest.metaData?.remoteEntry ?? {};
  return path ? `${path.replace(/\/$/, '')}/${name}` : name;
};
