import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3300);
const QUEST_PORT = Number(process.env.E2E_QUEST_PORT ?? PORT + 1);
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const E2E_LINK_SECRET = 'e2e-link-secret';
process.env.E2E_LINK_SECRET = E2E_LINK_SECRET;
// A Google client is configured, as in production; Google's script itself cannot load offline unless a test stands in for it.
const E2E_GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
// No load shedding on the e2e servers (theirs and the specs' own): the machine is shared with the browsers and other
// runs, whose pauses would read as an overloaded server; the tests are not about load (server/src/http/load-shedding.http.test.ts is).
process.env.OVERLOAD_DELAY_MS ??= '0';
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
  // Every page of the suite ran under the site's Content-Security-Policy: none may have reported a violation.
  globalTeardown: './support/csp-violations.ts',
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
      // The nginx static host of delivery.spec.ts calls the APIs from its own origin.
      env: {
        PORT: String(PORT),
        DATABASE_PATH: databasePath,
        DEMO_MODE: 'true',
        // Each test's browser names its own address (support/test.ts), as a proxy in front would.
        TRUSTED_PROXIES: 'loopback',
        ALLOWED_ORIGINS: `http://127.0.0.1:${PORT + 2}`,
        // Known to the tests, so they can sign unsubscribe links as a mail would carry them.
        LINK_SECRET: E2E_LINK_SECRET,
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      },
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
        DEMO_MODE: 'true',
        TRUSTED_PROXIES: 'loopback',
        PUBLIC_DIR: 'dist/quest/public',
        PUBLIC_PREVIEW: 'true',
        PUBLIC_GTM_ID: 'GTM-E2EQUEST',
        // A third-party script on every page: quest/secrets.spec.ts checks it waits for secrets to leave the address.
        PUBLIC_HUBSPOT_PORTAL_ID: 'e2e-portal',
        GOOGLE_CLIENT_ID: E2E_GOOGLE_CLIENT_ID,
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
  ],
});
