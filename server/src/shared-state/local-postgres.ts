/**
 * A throwaway PostgreSQL server (Debian's `postgresql` package) for tests and the tier bench: a new
 * cluster in a temporary folder, on a free loopback port, trusting local connections, without fsync.
 * PostgreSQL refuses to run as root, so as root it runs as the package's `postgres` user.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const binDir = (): string => {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => existsSync(join(root, name, 'bin', 'initdb'))) : [];
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL is not installed (Debian's postgresql package; .ci/run installs it)");
  return join(root, newest, 'bin');
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

export type LocalPostgres = { url: string; stop(): Promise<void> };

export const startLocalPostgres = async (): Promise<LocalPostgres> => {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'local-postgres-'));
  const asUser = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : undefined;
  if (asUser) chownSync(dir, asUser.uid, asUser.gid);
  const data = join(dir, 'data');
  execFileSync(join(bin, 'initdb'), ['-D', data, '-U', 'entry', '-A', 'trust', '--no-sync'], { ...asUser, stdio: 'ignore' });
  const port = await freePort();
  const server = spawn(
    join(bin, 'postgres'),
    ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'],
    { ...asUser, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `postgres://entry@127.0.0.1:${port}/postgres`;
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (attempt > 100 || server.exitCode !== null) throw new Error(`PostgreSQL did not start: ${(error as Error).message}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    stop: async () => {
      // Fast shutdown: open connections are ended.
      server.kill('SIGINT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
