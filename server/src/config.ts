import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { DEFAULT_LOAD_SHEDDING } from './http/load-shedding.ts';
import type { SiteConfig } from './http/site.ts';
import { DEFAULT_SHARED_PAGES_BYTES } from './ssr/composer.ts';
import { DEFAULT_POLL_MS } from './store/site-mirror.ts';

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
  /** Demo accounts, sample exams and a tutor invitation in an empty database, their passwords printed. */
  demoMode: boolean;
  /** The public origin, the origins allowed to call, and the proxies whose X-Forwarded-For is believed. */
  site: SiteConfig;
  /** Signs the links in mails (unsubscribe); unset, a secret kept in the database is used. */
  linkSecret?: string;
  /** The header the edge sets to the visitor's country (ISO 3166 alpha-2), e.g. CloudFront-Viewer-Country. */
  countryHeader: string;
  /** Opens the release page (/releases); unset, there is none. */
  releasesToken?: string;
  /** How often the server looks at its staged rollouts (rollouts/rollout-driver.ts). */
  rolloutCheckMs: number;
  /** How late, on average over half a second, the event loop may run before calls are refused with 503 (0: never). */
  overloadDelayMs: number;
  /** Memory for composed pages kept to be sent again to visitors without a session (0: none kept). */
  sharedPagesBytes: number;
  /** Where a composition node reads the site from instead of `publicDir`: a prefix of an S3-compatible bucket, or an HTTP(S) address. */
  siteStore?: SiteStoreConfig;
  /** PostgreSQL that several nodes share for what they must see the same (shared-state/); unset: this node's SQLite. */
  sharedDatabaseUrl?: string;
};

export type SiteStoreConfig = (
  | { kind: 's3'; endpoint: string; bucket: string; prefix: string; region: string; credentials: { accessKeyId: string; secretAccessKey: string } }
  /** The address of the deployed site's folder (the one holding remotes.json), on any static host or CDN. */
  | { kind: 'http'; url: string }
) & {
  /** How often the node asks the store whether the registry or the release moved. */
  pollMs: number;
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

const readOrigin = (name: string, value: string): string => {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || !/^https?:$/.test(url.protocol) || url.origin !== value.replace(/\/$/, '')) {
    throw new ConfigError(`${name} must be an origin such as https://learning.example (scheme, host and port only); it is "${value}"`);
  }
  return url.origin;
};

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const readProxy = (entry: string): string => {
  const [address, bits, extra] = entry.split('/');
  const valid =
    PROXY_NAMES.has(entry) ||
    (extra === undefined && address !== undefined && isIP(address) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits)));
  if (!valid) throw new ConfigError(`TRUSTED_PROXIES must list addresses or CIDR ranges (or loopback, linklocal, uniquelocal); "${entry}" is neither`);
  return entry;
};

const readBoolean = (name: string, value: string | undefined): boolean => {
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new ConfigError(`${name} must be true or false; it is "${value}"`);
};

/**
 * Where the site lives. Without PUBLIC_ORIGIN it is this machine's http://localhost:PORT, and
 * the same port on 127.0.0.1 and [::1] may call too: `npm start` works as it is. Behind a proxy
 * or CDN, PUBLIC_ORIGIN is the address visitors use.
 */
const readSite = (env: NodeJS.ProcessEnv, port: number): SiteConfig => {
  const local = !env.PUBLIC_ORIGIN;
  return {
    publicOrigin: local ? `http://localhost:${port}` : readOrigin('PUBLIC_ORIGIN', env.PUBLIC_ORIGIN as string),
    allowedOrigins: [
      ...(local ? [`http://127.0.0.1:${port}`, `http://[::1]:${port}`] : []),
      ...list(env.ALLOWED_ORIGINS).map((origin) => readOrigin('ALLOWED_ORIGINS', origin)),
    ],
    trustedProxies: list(env.TRUSTED_PROXIES).map(readProxy),
  };
};

/** A token a guesser cannot reach: 24 characters or more. */
const readToken = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  if (value.length < 24) throw new ConfigError('RELEASES_TOKEN must be at least 24 characters (e.g. openssl rand -base64 32)');
  return value;
};

const readHttpUrl = (name: string, value: string | undefined): string => {
  const url = readUrl(name, value, '');
  if (!/^https?:$/.test(new URL(url).protocol)) throw new ConfigError(`${name} must be an http or https URL; it is "${url}"`);
  return url;
};

/** SITE_S3_BUCKET or SITE_URL turns a node into one that reads the site from that store (issue 26). */
const readSiteStore = (env: NodeJS.ProcessEnv): SiteStoreConfig | undefined => {
  if (!env.SITE_S3_BUCKET && !env.SITE_URL) return undefined;
  if (env.SITE_S3_BUCKET && env.SITE_URL) throw new ConfigError('SITE_URL and SITE_S3_BUCKET name two sites: set one');
  if (env.PUBLIC_DIR) throw new ConfigError(`PUBLIC_DIR and ${env.SITE_URL ? 'SITE_URL' : 'SITE_S3_BUCKET'} name two sites: set one`);
  const common = {
    pollMs: readInteger('SITE_POLL_MS', env.SITE_POLL_MS, DEFAULT_POLL_MS, 100, 60_000),
  };
  if (env.SITE_URL) return { kind: 'http', url: readHttpUrl('SITE_URL', env.SITE_URL), ...common };
  const endpoint = readHttpUrl('SITE_S3_ENDPOINT', env.SITE_S3_ENDPOINT);
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accessKeyId || !secretAccessKey) throw new ConfigError('SITE_S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY');
  return {
    kind: 's3',
    endpoint,
    bucket: env.SITE_S3_BUCKET as string,
    prefix: env.SITE_S3_PREFIX ?? '',
    region: env.SITE_S3_REGION || 'auto',
    credentials: { accessKeyId, secretAccessKey },
    ...common,
  };
};

const readSharedDatabase = (value: string | undefined): string | undefined => {
  if (!value) return undefined;
  if (!URL.canParse(value) || !/^postgres(ql)?:$/.test(new URL(value).protocol)) {
    throw new ConfigError('SHARED_DATABASE_URL must be a postgres:// URL');
  }
  return value;
};

/** Reads the environment once at start, with a message that says which variable is wrong and why. */
export const readConfig = (env: NodeJS.ProcessEnv, cwd: string): ServerConfig => {
  if (env.SEED_DEMO !== undefined) throw new ConfigError('SEED_DEMO is gone: set DEMO_MODE=true for the demo accounts (npm start does)');
  const port = readInteger('PORT', env.PORT, 3000, 1, 65535);
  return {
    port,
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
    demoMode: readBoolean('DEMO_MODE', env.DEMO_MODE),
    site: readSite(env, port),
    linkSecret: env.LINK_SECRET || undefined,
    countryHeader: (env.COUNTRY_HEADER || 'x-country-code').toLowerCase(),
    releasesToken: readToken(env.RELEASES_TOKEN),
    rolloutCheckMs: readInteger('ROLLOUT_CHECK_MS', env.ROLLOUT_CHECK_MS, 5000, 100, 3_600_000),
    sharedPagesBytes: readInteger('SHARED_PAGES_MB', env.SHARED_PAGES_MB, DEFAULT_SHARED_PAGES_BYTES / 2 ** 20, 0, 4096) * 2 ** 20,
    overloadDelayMs: readInteger('OVERLOAD_DELAY_MS', env.OVERLOAD_DELAY_MS, DEFAULT_LOAD_SHEDDING.maxEventLoopDelayMs, 0, 60_000),
    siteStore: readSiteStore(env),
    sharedDatabaseUrl: readSharedDatabase(env.SHARED_DATABASE_URL),
  };
};
