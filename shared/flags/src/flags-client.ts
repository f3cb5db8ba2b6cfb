import { OpenFeature, type Client } from '@openfeature/web-sdk';

/** Our own domain, so other OpenFeature users in the page cannot replace our provider or context. */
export const FLAGS_DOMAIN = 'entry';

let client: Client | undefined;

/** Created on first use: importing the package must not touch OpenFeature (sideEffects: false). */
export const flagsClient = (): Client => (client ??= OpenFeature.getClient(FLAGS_DOMAIN));
