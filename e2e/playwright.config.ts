import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
const QUEST_PORT = Number(process.env.E2E_QUEST_PORT ?? PORT + 1);
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
// A fresh database each run; tests may read it to check what the server recorded.
const databasePath = process.env.E2E_DATABASE_PATH ?? join(mkdtempSync(join(tmpdir(), 'entry-e2e-')), 'e2e.sqlite');
process.env.E2E_DATABASE_PATH = databasePath;
const questDatabasePath = process.env.E2E_QUEST_DATABASE_PATH ?? join(dirname(databasePath), 'e2e-quest.sqlite');
process.env.E2E_QUEST_DATABASE_PATH = questDatabasePath;

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
  projects: [
    { name: 'atom', testIgnore: 'quest/**' },
    // The quest brand: its own shell build beside the same remotes, on a second server (quest/).
    { name: 'quest', testDir: './quest', use: { baseURL: `http://localhost:${QUEST_PORT}` } },
  ],
  webServer: [
    {
      // The built site (npm run build) on the real reference server and a real SQLite file.
      command: 'node server/src/main.ts',
      cwd: '..',
      url: `http://localhost:${PORT}/health`,
      env: { PORT: String(PORT), DATABASE_PATH: databasePath },
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // A preview build, so the theme switcher shows; a tag manager is configured, so its absence is the brand's.
      command: 'node scripts/build-quest-site.ts && node server/src/main.ts',
      cwd: '..',
      url: `http://localhost:${QUEST_PORT}/health`,
      env: {
        PORT: String(QUEST_PORT),
        DATABASE_PATH: questDatabasePath,
        PUBLIC_DIR: 'dist/quest/public',
        PUBLIC_PREVIEW: 'true',
        PUBLIC_GTM_ID: 'GTM-E2EQUEST',
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
