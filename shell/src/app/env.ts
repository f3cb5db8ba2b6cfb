import { BASE_PATH } from '@entry/routes';
import { BRANDS, type Brand } from '@entry/ui';

export type ShellEnv = {
  brand: Brand;
  registryUrl: string;
  /** The build's release id (scripts/build.ts); 'development' for a dev server. */
  releaseId: string;
  /** Error reporting is off without one. */
  sentryDsn: string | undefined;
  environment: string;
};

/** Reads the build's configuration once, failing with a readable message instead of a blank page. */
export const readEnv = (values: Record<string, string | undefined>, baseUrl: string): ShellEnv => {
  const brand = values.PUBLIC_BRAND ?? 'atom';
  if (!(BRANDS as readonly string[]).includes(brand)) {
    throw new Error(`PUBLIC_BRAND must be one of ${BRANDS.join(', ')}; it is "${brand}"`);
  }
  return {
    brand: brand as Brand,
    registryUrl: `${baseUrl}/remotes.json`,
    releaseId: values.PUBLIC_RELEASE_ID || 'development',
    sentryDsn: values.PUBLIC_SENTRY_DSN || undefined,
    environment: values.MODE ?? 'production',
  };
};

export const env = readEnv(
  {
    PUBLIC_BRAND: import.meta.env.PUBLIC_BRAND,
    PUBLIC_RELEASE_ID: import.meta.env.PUBLIC_RELEASE_ID,
    PUBLIC_SENTRY_DSN: import.meta.env.PUBLIC_SENTRY_DSN,
    MODE: import.meta.env.MODE,
  },
  BASE_PATH,
);
