import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:https';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { NGINX } from './nginx.ts';

const freePort = () =>
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

const waitFor = async (url: string, what: string) => {
  for (let tries = 0; tries < 200; tries += 1) {
    if (await answers(url)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not answer ${url}`);
};

/** nginx terminating TLS, as a CDN or load balancer does: the app behind it speaks plain http. */
const nginxConfig = (prefix: string, port: number, appPort: number) => `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${prefix}/cert.pem;
    ssl_certificate_key ${prefix}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${appPort};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`;

export type TlsSite = { origin: string; databasePath: string; stop: () => Promise<void> };

const stopped = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * The built site on a reference server of its own that knows it is https://localhost:<port>
 * (PUBLIC_ORIGIN) and trusts the loopback proxy, behind nginx terminating TLS with a self-signed
 * certificate made for the run.
 */
export const startTlsSite = async (prefix: string, port: number): Promise<TlsSite> => {
  mkdirSync(prefix, { recursive: true });
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-keyout', join(prefix, 'key.pem'), '-out', join(prefix, 'cert.pem')], { stdio: 'ignore' });
  const appPort = await freePort();
  const origin = `https://localhost:${port}`;
  const databasePath = join(prefix, 'tls.sqlite');
  const app = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: join(import.meta.dirname, '..', '..'),
    env: { ...process.env, PORT: String(appPort), DATABASE_PATH: databasePath, DEMO_MODE: 'true', PUBLIC_ORIGIN: origin, TRUSTED_PROXIES: 'loopback' },
    stdio: 'ignore',
  });
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, nginxConfig(prefix, port, appPort));
  const nginx = spawn(NGINX, ['-p', prefix, '-c', file, '-e', join(prefix, 'error.log')], { stdio: 'inherit' });
  const stop = async () => {
    await Promise.all([stopped(nginx), stopped(app)]);
  };
  try {
    await waitFor(`http://127.0.0.1:${appPort}/health`, 'the reference server');
    await waitFor(`${origin}/health`, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, databasePath, stop };
};
