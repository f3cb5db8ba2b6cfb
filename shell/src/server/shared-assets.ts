/**
 * The shell build's record of the shared modules its start does not load, with the files of each
 * (written by rsbuild.config.ts's host-description, beside index.html): a page composed for a remote
 * that consumes one of them preloads those files too (preloads.ts).
 */
export const SHARED_ASSETS = 'shared-assets.json';

/** The chunk the shell's copy of TanStack Query (`@entry/query`) is built into: no start loads it. */
export const QUERY_CHUNK = 'query';

/** Shared module name → its files, relative to the shell's public folder. */
export type SharedAssets = Record<string, string[]>;
