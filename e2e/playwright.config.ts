import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// A fresh database each run; tests may read it to check what the server recorded.
const databasePath = process.env.E2E_DATABASE_PATH ?? join(mkdtempSync(join(tmpdir(), 'entry-e2e-')), 'e2e.sqlite');
process.env.E2E_DATABASE_PATH = databasePath;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: existsSync(SYSTEM_CHROMIUM)
      ? {
          executablePath: SYSTEM_CHROMIUM,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        }
      : {},
  },
  webServer: {
    // The built site (npm run build) on the real reference server and a real SQLite file.
    command: 'node server/src/main.ts',
    cwd: '..',
    url: `http://localhost:${PORT}/health`,
    env: { PORT: String(PORT), DATABASE_PATH: databasePath },
    reuseExistingServer: false,
    timeout: 30_000,
  },
});
