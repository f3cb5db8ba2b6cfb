import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Whether a URL answers 200; the run's self-signed certificate is accepted. */
const answers = (url: string) =>
  url.startsWith('https:')
    ? new Promise<boolean>((resolve) => {
        get(url, { rejectUnauthorized: false }, (response) => {
          response.resume();
          resolve(response.statusCode === 200);
        }).on('error', () => resolve(false));
      })
    : fetch(url).then((response) => response.ok, () => false);

export const waitFor = async (url: string, what: string) => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not answer ${url}`);
};

export const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** A reference server of a test's own (the built site on `env`'s PORT, folder and database), once it answers. */
export const startReferenceServer = async (env: Record<string, string>): Promise<{ stop: () => Promise<void> }> => {
  const server = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, DEMO_MODE: 'true', ...env },
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${env.PORT}/health`, 'the reference server');
  } catch (error) {
    await stopped(server);
    throw error;
  }
  return { stop: () => stopped(server) };
};
