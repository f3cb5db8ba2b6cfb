import { BASE_PATH } from '@entry/routes';
import { BRANDS, type Brand } from '@entry/ui';

const GTM_ID_PATTERN = /^GTM-[A-Z0-9]{4,12}$/;

export type ShellEnv = {
  brand: Brand;
  registryUrl: string;
  /** The build's release id (scripts/build.ts); 'development' for a dev server. */
  releaseId: string;
  /** Error reporting is off without one. */
  sentryDsn: string | undefined;
  environment: string;
  /** SPEC section 1: the theme switcher shows in development and preview builds only. */
  themeSwitcher: boolean;
  /** The Google Tag Manager container (atom only, after consent); never loaded without one. */
  gtmId: string | undefined;
  /** Whether developers may point a remote at a local dev server (remote-overrides.ts). */
  remoteOverrides: boolean;
};

const readPreview = (value: string | undefined): boolean => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error(`PUBLIC_PREVIEW must be true or false; it is "${value}"`);
};

const readGtmId = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  if (!GTM_ID_PATTERN.test(value)) throw new Error(`PUBLIC_GTM_ID must look like GTM-XXXXXXX; it is "${value}"`);
  return value;
};

/** Reads the build's configuration once, failing with a readable message instead of a blank page. */
export const readEnv = (values: Record<string, string | undefined>, baseUrl: string): ShellEnv => {
  const brand = values.PUBLIC_BRAND ?? 'atom';
  if (!(BRANDS as readonly string[]).includes(brand)) {
    throw new Error(`PUBLIC_BRAND must be one of ${BRANDS.join(', ')}; it is "${brand}"`);
  }
  const environment = values.MODE ?? 'production';
  return {
    brand: brand as Brand,
    registryUrl: `${baseUrl}/remotes.json`,
    releaseId: values.PUBLIC_RELEASE_ID || 'development',
    sentryDsn: values.PUBLIC_SENTRY_DSN || undefined,
    environment,
    themeSwitcher: environment === 'development' || readPreview(values.PUBLIC_PREVIEW),
    gtmId: readGtmId(values.PUBLIC_GTM_ID),
    remoteOverrides: environment === 'development' || values.PUBLIC_REMOTE_OVERRIDES === 'true',
  };
};

export const env = readEnv(
  {
    PUBLIC_BRAND: import.meta.env.PUBLIC_BRAND,
    PUBLIC_RELEASE_ID: import.meta.env.PUBLIC_RELEASE_ID,
    PUBLIC_SENTRY_DSN: import.meta.env.PUBLIC_SENTRY_DSN,
    PUBLIC_PREVIEW: import.meta.env.PUBLIC_PREVIEW,
    PUBLIC_GTM_ID: import.meta.env.PUBLIC_GTM_ID,
    PUBLIC_REMOTE_OVERRIDES: import.meta.env.PUBLIC_REMOTE_OVERRIDES,
    MODE: import.meta.env.MODE,
  },
  BASE_PATH,
);
