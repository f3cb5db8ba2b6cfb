import type { RemoteScreens } from '@entry/routes';
import { screens } from '../../remotes/login/src/screens.tsx';
import type { RemoteLoader } from '../../shell/src/features/remotes/remote-loader.ts';
import { fulfilled } from '../../shell/src/features/remotes/tracked-promise.ts';

/** The site of the bundled build: no Google client, as on the federated bench server. */
export const BUNDLED_SITE = { origin: '' };

/** The login remote's screens, already in the bundle: what the federated loader fetches at run time. */
export const bundledLoader = {
  registry: {},
  loadScreens: () => fulfilled({ screens } as unknown as RemoteScreens<never>),
  runningVersion: () => 'bundled',
  recoverFromCrash: async () => false,
} as unknown as RemoteLoader;
