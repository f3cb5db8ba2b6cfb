import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A port nobody uses, so a running dev server on 3000/4000 does not get in the way. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

export const waitForHealth = async (origin: string, serverLog: () => string) => {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (await fetch(`${origin}/health`).then((r) => r.ok, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the reference server did not answer ${origin}/health within 15 s:\n${serverLog()}`);
};

/**
 * The built site on a reference server of the bench's own (an in-memory database, a free port on
 * loopback), once it answers; `env` adds to its configuration, `port` picks one. Ctrl-C stops it too.
 */
export const startReferenceServer = async (env: Record<string, string> = {}, port?: number) => {
  port ??= await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [join(root, 'server', 'src', 'main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: origin, DATABASE_PATH: ':memory:', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  server.stdout.on('data', (d: Buffer) => (log += d));
  server.stderr.on('data', (d: Buffer) => (log += d));
  const stop = () => server.kill();
  process.once('SIGINT', () => {
    stop();
    process.exit(130);
  });
  try {
    await waitForHealth(origin, () => log);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, stop, pid: server.pid };
};
