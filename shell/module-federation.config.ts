import { createFederationConfig, sharedDependencies } from '../module-federation.config.ts';

/**
 * The host exposes nothing; it registers the remotes from remotes.json at run time. It provides its
 * shared modules eagerly, in its entry's files, so the page's start fetches them in a few files instead
 * of one chunk per module and takes them without a round of loadShare (ADR 017: 30 requests at start
 * on /public/login down to 15, 12 KiB less sent). TanStack Query, which only remotes' screens use,
 * stays a chunk of its own for the pages that need it (shared-assets.json).
 */
export const federation = {
  ...createFederationConfig({ name: 'shell' }),
  shared: Object.fromEntries(
    Object.entries(sharedDependencies).map(([name, config]) => [name, name === '@entry/query' ? config : { ...config, eager: true }]),
  ),
};
