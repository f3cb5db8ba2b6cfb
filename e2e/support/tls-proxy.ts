import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { NGINX, tempPaths } from './nginx.ts';
import { freePort, startReferenceServer, stopped, waitFor } from './processes.ts';

/** nginx terminating TLS, as a CDN or load balancer does: the app behind it speaks plain http. */
const nginxConfig = (prefix: string, port: number, appPort: number) => `
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
${tempPaths(prefix)}
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
  const app = await startReferenceServer({ PORT: String(appPort), DATABASE_PATH: databasePath, PUBLIC_ORIGIN: origin, TRUSTED_PROXIES: 'loopback' });
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, nginxConfig(prefix, port, appPort));
  const nginx = spawn(NGINX, ['-p', prefix, '-c', file, '-e', join(prefix, 'error.log')], { stdio: 'inherit' });
  const stop = async () => {
    await Promise.all([stopped(nginx), app.stop()]);
  };
  try {
    await waitFor(`${origin}/health`, 'nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, databasePath, stop };
};
