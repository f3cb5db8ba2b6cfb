import { createFederationConfig } from '../module-federation.config.ts';

/**
 * The host exposes nothing and has no federation build plugin: it registers the remotes from
 * remotes.json with the federation's runtime alone, and provides them its shared modules then
 * (browser-federation.ts, ADR 024). Its name and dev server come from here.
 */
export const federation = createFederationConfig({ name: 'shell' });
