import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';

export type ServerConfig = {
  port: number;
  host: string;
  /** The assembled site: dist/public with the shell, remotes/ and remotes.json. */
  publicDir: string;
  databasePath: string;
  /** Feature flag values answered over OFREP (any OFREP service can replace this by configuration). */
  flagsPath: string;
  /** Signs captcha challenges; a random one per start when unset (challenges then die with the process). */
  captchaSecret: string;
  /** Failed logins from one address in 15 minutes before it gets 429. */
  loginAddressLimit: number;
  google: { clientId?: string; clientSecret?: string; tokenUrl: string };
  /** With a secret, Google's reCAPTCHA checks captcha tokens instead of the self-hosted captcha. */
  recaptcha: { secret?: string; verifyUrl: string };
  seedDemo: boolean;
  /** The header the edge sets to the visitor's country (ISO 3166 alpha-2), e.g. CloudFront-Viewer-Country. */
  countryHeader: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const readInteger = (name: string, value: string | undefined, fallback: number, min: number, max: number): number => {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; it is "${value}"`);
  }
  return number;
};

const readUrl = (name: string, value: string | undefined, fallback: string): string => {
  const url = value || fallback;
  if (!URL.canParse(url)) throw new ConfigError(`${name} must be a URL; it is "${url}"`);
  return url;
};

/** Reads the environment once at start, with a message that says which variable is wrong and why. */
export const readConfig = (env: NodeJS.ProcessEnv, cwd: string): ServerConfig => ({
  port: readInteger('PORT', env.PORT, 3000, 1, 65535),
  host: env.HOST || '127.0.0.1',
  publicDir: resolve(cwd, env.PUBLIC_DIR || 'dist/public'),
  databasePath: env.DATABASE_PATH === ':memory:' ? ':memory:' : resolve(cwd, env.DATABASE_PATH || '.data/entry.sqlite'),
  flagsPath: resolve(cwd, env.FLAGS_PATH || 'server/flags.json'),
  captchaSecret: env.CAPTCHA_SECRET || randomBytes(32).toString('hex'),
  loginAddressLimit: readInteger('LOGIN_ADDRESS_LIMIT', env.LOGIN_ADDRESS_LIMIT, 30, 1, 1_000_000),
  google: {
    clientId: env.GOOGLE_CLIENT_ID || undefined,
    clientSecret: env.GOOGLE_CLIENT_SECRET || undefined,
    tokenUrl: readUrl('GOOGLE_TOKEN_URL', env.GOOGLE_TOKEN_URL, 'https://oauth2.googleapis.com/token'),
  },
  recaptcha: {
    secret: env.RECAPTCHA_SECRET || undefined,
    verifyUrl: readUrl('RECAPTCHA_VERIFY_URL', env.RECAPTCHA_VERIFY_URL, 'https://www.google.com/recaptcha/api/siteverify'),
  },
  seedDemo: env.SEED_DEMO !== 'false',
  countryHeader: (env.COUNTRY_HEADER || 'x-country-code').toLowerCase(),
});
