import { resolve } from 'node:path';

export type ServerConfig = {
  port: number;
  host: string;
  /** The assembled site: dist/public with the shell, remotes/ and remotes.json. */
  publicDir: string;
  databasePath: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const readPort = (value: string | undefined): number => {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 1 to 65535; it is "${value}"`);
  }
  return port;
};

/** Reads the environment once at start, with a message that says which variable is wrong and why. */
export const readConfig = (env: NodeJS.ProcessEnv, cwd: string): ServerConfig => ({
  port: readPort(env.PORT),
  host: env.HOST || '127.0.0.1',
  publicDir: resolve(cwd, env.PUBLIC_DIR || 'dist/public'),
  databasePath: env.DATABASE_PATH === ':memory:' ? ':memory:' : resolve(cwd, env.DATABASE_PATH || '.data/entry.sqlite'),
});
