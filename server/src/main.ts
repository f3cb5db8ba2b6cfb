import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ConfigError, readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';

const start = () => {
  // Relative paths are the repository's, whichever folder npm started us in.
  const config = readConfig(process.env, resolve(import.meta.dirname, '../..'));
  const db = openDatabase(config.databasePath);
  const app = createApp({ publicDir: config.publicDir, db });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, ({ port }) => {
    console.log(`Reference server ready: http://localhost:${port}/public`);
  });
  const stop = () => server.close(() => db.close());
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
};

try {
  start();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Configuration error: ${error.message}`);
  process.exit(1);
}
