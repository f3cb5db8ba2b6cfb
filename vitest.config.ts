import { defineConfig } from 'vitest/config';
import { sharedVersions } from './module-federation.config.ts';

const project = (name: string, root: string, environment: 'node' | 'jsdom', testTimeout = 5000) => ({
  test: { name, root, environment, include: ['{src,build}/**/*.test.{ts,tsx}'], testTimeout },
});

/** One run over every package; each package's own `npm test` runs its project alone. */
export default defineConfig({
  test: {
    projects: [
      project('@entry/account-kit', 'shared/account-kit', 'jsdom'),
      project('@entry/api', 'shared/api', 'jsdom'),
      project('@entry/auth', 'shared/auth', 'node'),
      project('@entry/constants', 'shared/constants', 'node'),
      project('@entry/exam-kit', 'shared/exam-kit', 'jsdom'),
      project('@entry/flags', 'shared/flags', 'jsdom'),
      project('@entry/telemetry', 'shared/telemetry', 'node'),
      project('@entry/federation', 'shared/federation', 'node'),
      project('@entry/i18n', 'shared/i18n', 'node'),
      project('@entry/query', 'shared/query', 'node'),
      project('@entry/routes', 'shared/routes', 'node'),
      project('@entry/ui', 'shared/ui', 'jsdom'),
      // The shell's build sets the versions of the shared modules it provides (rsbuild.config.ts); so do its tests.
      { ...project('@entry/shell', 'shell', 'jsdom'), define: { ENTRY_SHARED_VERSIONS: JSON.stringify(sharedVersions()) } },
      project('@entry/login', 'remotes/login', 'jsdom'),
      project('@entry/registration', 'remotes/registration', 'jsdom'),
      project('@entry/taster', 'remotes/taster', 'jsdom'),
      project('@entry/assessments', 'remotes/assessments', 'jsdom'),
      // Server tests speak HTTP to a real server and hash with scrypt (~100 ms a login): on a busy
      // two-core machine a dozen logins can pass 5 s.
      project('@entry/server', 'server', 'node', 30_000),
      project('@entry/release', 'release', 'node'),
      // The bench's and the profiler's own logic (scripts/profile-start.ts).
      { test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['**/*.test.ts'] } },
    ],
  },
});
