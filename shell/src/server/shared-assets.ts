/**
 * The shell build's record of what its start does not load, with the files of each (written by
 * rsbuild.config.ts's host-description, beside index.html): the shared modules a remote may consume
 * that the start leaves out, and the federation runtime itself. A page composed for a remote that
 * consumes one of those modules preloads its files too, and a page whose remote starts through the
 * runtime preloads the runtime's (preloads.ts).
 */
export const SHARED_ASSETS = 'shared-assets.json';

/** The chunk the shell's copy of TanStack Query (`@entry/query`) is built into: no start loads it. */
export const QUERY_CHUNK = 'query';

/**
 * The chunk the federation runtime is built into, and its key in the record: a page whose route's
 * screens come by their direct script (ADR 027) never loads it; any other remote load starts it.
 */
export const RUNTIME_CHUNK = 'federation';

/** Module name (or RUNTIME_CHUNK) → its files, relative to the shell's public folder. */
export type SharedAssets = Record<string, string[]>;
