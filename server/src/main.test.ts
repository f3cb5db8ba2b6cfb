import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './accounts/seed.ts';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Starts the server as `npm run serve` does, until it says it is ready (or exits); returns what it printed. */
const start = async (env: Record<string, string>) => {
  const databasePath = join(mkdtempSync(join(tmpdir(), 'entry-main-')), 'start.sqlite');
  const child = spawn(process.execPath, [join(import.meta.dirname, 'main.ts')], {
    env: { PATH: process.env.PATH ?? '', PORT: String(await freePort()), DATABASE_PATH: databasePath, ...env },
  });
  let printed = '';
  child.stdout.on('data', (chunk: Buffer) => (printed += chunk));
  child.stderr.on('data', (chunk: Buffer) => (printed += chunk));
  const exitCode = await new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    const ready = setInterval(() => {
      if (!printed.includes('Reference server ready')) return;
      clearInterval(ready);
      child.kill('SIGTERM');
    }, 50);
  });
  const users = (() => {
    // A server refused at start made no database at all.
    if (!existsSync(databasePath)) return 0;
    const db = new DatabaseSync(databasePath, { readOnly: true });
    try {
      return Number(db.prepare('SELECT count(*) AS n FROM users').get()?.n);
    } finally {
      db.close();
    }
  })();
  return { printed, users, exitCode };
};

describe('production-safe defaults', () => {
  it('creates no demo account and prints no password without DEMO_MODE', async () => {
    const { printed, users } = await start({});
    expect(printed).toContain('Reference server ready');
    expect(users).toBe(0);
    for (const { password } of DEMO_ACCOUNTS) expect(printed).not.toContain(password);
  });

  it('creates and prints the demo accounts with DEMO_MODE=true (what npm start sets)', async () => {
    const { printed, users } = await start({ DEMO_MODE: 'true' });
    expect(users).toBeGreaterThan(0);
    for (const { password } of DEMO_ACCOUNTS) expect(printed).toContain(password);
  });

  it('stops at start with a message for the old SEED_DEMO', async () => {
    const { printed, exitCode } = await start({ SEED_DEMO: 'true' });
    expect(exitCode).toBe(1);
    expect(printed).toContain('SEED_DEMO is gone: set DEMO_MODE=true');
  });
});
