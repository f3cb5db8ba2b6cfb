import type { RemoteScreens } from '@entry/routes';
import { screens } from '../../remotes/login/src/screens.tsx';
import { knownConsent } from '../../shell/src/features/consent/consent-store.ts';
import type { RemoteLoader } from '../../shell/src/features/remotes/remote-loader.ts';
import { fulfilled } from '../../shell/src/features/remotes/tracked-promise.ts';

/** The site of the bundled build: no Google client, as on the federated bench server. */
export const BUNDLED_SITE = { origin: '' };

/**
 * The bench's visitor as the reference server sees it: no cookies, no country header. The federated
 * page is composed with the cookie banner this visitor gets; the bundled one is rendered with the same.
 */
export const BUNDLED_VISITOR = knownConsent({ cookies: '', eu: null, search: '' });

/** The login remote's screens, already in the bundle: what the federated loader fetches at run time. */
export const bundledLoader = {
  registry: {},
  loadScreens: () => fulfilled({ screens } as unknown as RemoteScreens<never>),
  runningVersion: () => 'bundled',
  recoverFromCrash: async () => false,
} as unknown as RemoteLoader;
