import { createFederationConfig } from '../module-federation.config.ts';

/** The host exposes nothing; it registers the remotes from remotes.json at run time. */
export const federation = createFederationConfig({ name: 'shell' });
