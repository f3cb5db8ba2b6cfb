import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Debian's nginx; .ci/run installs it where it is missing. */
export const NGINX = '/usr/sbin/nginx';

/** The http block's temporary folders, all under the instance's own prefix (none in the system's). */
export const tempPaths = (prefix: string) => `  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;`;

/** What every nginx of the tests and benches runs with: in the foreground, one worker, all its files under `prefix`. */
export const mainContext = (prefix: string, { errors, connections }: { errors: 'warn' | 'crit'; connections: number }) => `daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log ${errors};
events { worker_connections ${connections}; }`;

/**
 * A static host as a CDN would be: nginx serves the deploy folder under /public (hashed static files
 * immutable, everything else revalidated, precompressed files as they are, a route's prerendered page
 * where there is one, other app paths falling back to index.html, a missing remote file a plain 404,
 * any other address 404 with the not-found page written ahead) and passes the APIs to the reference
 * server. The app's addresses are the pattern the deploy folder's pages came with (prerendered/app-paths.regex).
 */
const config = (prefix: string, siteRoot: string, port: number, apiPort: number) => `
${mainContext(prefix, { errors: 'warn', connections: 256 })}
http {
  include /etc/nginx/mime.types;
  access_log off;
  gzip_static on;
  # The page a build or release wrote for each route (ADR 015): /public/login is prerendered/login/index.html.
  map $uri $public_page { ~^/public(?<page>/.*?)/?$ $page; default ""; }
${tempPaths(prefix)}
  server {
    listen 127.0.0.1:${port};
    root ${siteRoot};
    location /public/static/ {
      add_header Cache-Control "public, max-age=31536000, immutable";
      try_files $uri =404;
    }
    location ~ ^/public/remotes/[^/]+/[^/]+/ {
      add_header Cache-Control "public, max-age=31536000, immutable";
      try_files $uri =404;
    }
    location /public/remotes/ {
      add_header Cache-Control "no-cache";
      try_files $uri =404;
    }
    location /public/user/ {
      proxy_pass http://127.0.0.1:${apiPort};
      proxy_set_header Host $http_host;
    }
    location ~ "${readFileSync(join(siteRoot, 'public', 'prerendered', 'app-paths.regex'), 'utf8').trim()}" {
      add_header Cache-Control "no-cache";
      try_files /public/prerendered$public_page/index.html $uri /public/index.html;
    }
    location /public/ {
      add_header Cache-Control "no-cache";
      error_page 404 /public/prerendered/404.html;
      try_files $uri =404;
    }
    location / {
      proxy_pass http://127.0.0.1:${apiPort};
      proxy_set_header Host $http_host;
    }
  }
}
`;

export type StaticHost = { origin: string; stop: () => Promise<void> };

/** Starts nginx in the foreground on `port`, serving `siteRoot`/public; resolves once it answers. */
export const startNginx = async (prefix: string, siteRoot: string, port: number, apiPort: number): Promise<StaticHost> => {
  mkdirSync(prefix, { recursive: true });
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, config(prefix, siteRoot, port, apiPort));
  const child: ChildProcess = spawn(NGINX, ['-p', prefix, '-c', file, '-e', join(prefix, 'error.log')], { stdio: 'inherit' });
  const origin = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`nginx exited with ${code}`))));
  const ready = (async () => {
    for (let tries = 0; tries < 100; tries += 1) {
      try {
        if ((await fetch(`${origin}/public/remotes.json`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not answer on ${origin}`);
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    origin,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/** A free loopback port, for an nginx of a test's own. */
const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * A plain static host (nginx, with its ETags and 304s) serving `root` at its origin: what a CDN in front
 * of the site's store is to a composition node reading the site over HTTP (SITE_URL).
 */
export const serveFolder = async (root: string): Promise<StaticHost> => {
  const prefix = mkdtempSync(join(tmpdir(), 'nginx-folder-'));
  const port = await freePort();
  const file = join(prefix, 'nginx.conf');
  writeFileSync(
    file,
    `${mainContext(prefix, { errors: 'crit', connections: 1024 })}
http {
  include /etc/nginx/mime.types;
  access_log off;
${tempPaths(prefix)}
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(NGINX, ['-p', prefix, '-c', file, '-e', join(prefix, 'error.log')], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (await fetch(origin).then(() => true, () => false)) break;
    if (tries > 100 || child.exitCode !== null) throw new Error(`nginx did not answer on ${origin}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    origin,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
};
