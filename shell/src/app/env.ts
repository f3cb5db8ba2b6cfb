import { BASE_PATH } from '@entry/routes';
import { BRANDS, type Brand } from '@entry/ui';

export type ShellEnv = { brand: Brand; registryUrl: string };

/** Reads the build's configuration once, failing with a readable message instead of a blank page. */
export const readEnv = (values: Record<string, string | undefined>, baseUrl: string): ShellEnv => {
  const brand = values.PUBLIC_BRAND ?? 'atom';
  if (!(BRANDS as readonly string[]).includes(brand)) {
    throw new Error(`PUBLIC_BRAND must be one of ${BRANDS.join(', ')}; it is "${brand}"`);
  }
  return { brand: brand as Brand, registryUrl: `${baseUrl}/remotes.json` };
};

export const env = readEnv({ PUBLIC_BRAND: import.meta.env.PUBLIC_BRAND }, BASE_PATH);
