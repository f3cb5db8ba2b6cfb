import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createUser } from '../accounts/users.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import type { SiteConfig } from './site.ts';

const PASSWORD = 'correct horse battery';

/** A server behind a configured public origin; `port` is where the test talks to it (as a proxy would). */
const startSite = async (site: Omit<SiteConfig, 'allowedOrigins'> & { allowedOrigins?: string[] }) => {
  const db: Database = openDatabase(':memory:');
  const strength = createStrengthPool();
  const app = createApp({
    publicDir: '/nonexistent',
    db,
    flagsPath: '/nonexistent',
    captchaSecret: 'test-secret',
    strength,
    site: { allowedOrigins: [], ...site },
    limits: { addressLimit: 3 },
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  await createUser(db, { username: 'ada', email: 'ada@example.com', password: PASSWORD, base: 'parent', staff: 1 });
  return {
    db,
    port: (server.address() as AddressInfo).port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await strength.close();
    },
  };
};

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A raw HTTP request, so Host and X-Forwarded-* are exactly what a browser or proxy would send. */
const send = (port: number, method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  new Promise<Answer>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, headers: { ...headers, ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}) } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });

const outbox = async (db: Database) => {
  await new Promise((resolve) => setTimeout(resolve, 20));
  return db.prepare('SELECT body FROM mail_outbox').all().map((row) => String(row.body));
};

describe('origins from configuration', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite({ publicOrigin: 'https://learning.example', trustedProxies: [] });
  });
  afterAll(() => site.close());

  it('refuses a call whose Origin matches a forged Host but not the configured origin', async () => {
    const forged = { Host: 'attacker.example', Origin: 'http://attacker.example', 'X-Requested-With': 'x' };
    const answer = await send(site.port, 'POST', '/ms_accounts/auth/reset-token', forged, { email: 'ada@example.com' });
    expect(answer.status).toBe(403);
    expect(await outbox(site.db)).toEqual([]);
  });

  it('builds the reset link on the configured origin whatever Host the request names', async () => {
    const ours = { Host: 'attacker.example', Origin: 'https://learning.example', 'X-Requested-With': 'x', 'X-Forwarded-Host': 'attacker.example' };
    expect((await send(site.port, 'POST', '/ms_accounts/auth/reset-token', ours, { email: 'ada@example.com' })).status).toBe(202);
    const [mail] = await outbox(site.db);
    expect(mail).toMatch(/ https:\/\/learning\.example\/public\/reset\/[\w-]{43}\/staff$/m);
  });
});

describe('behind a TLS-terminating proxy', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite({ publicOrigin: 'https://learning.example', trustedProxies: ['127.0.0.1'] });
  });
  afterAll(() => site.close());

  const viaProxy = (client: string) => ({
    Host: 'learning.example',
    Origin: 'https://learning.example',
    'X-Requested-With': 'x',
    'X-Forwarded-For': client,
    'X-Forwarded-Proto': 'https',
  });

  it('accepts our pages’ calls and gives a __Host- session cookie, Secure, with HSTS for a year', async () => {
    const login = await send(site.port, 'POST', '/ms_accounts/auth/login', viaProxy('198.51.100.1'), { username: 'ada', password: PASSWORD });
    expect(login.status).toBe(200);
    const cookie = (login.headers['set-cookie'] as string[]).at(-1) ?? '';
    expect(cookie).toMatch(/^__Host-entry_session=[\w-]{43}; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Lax$/);
    const hsts = /max-age=(\d+)/.exec(String(login.headers['strict-transport-security']))?.[1];
    expect(Number(hsts)).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    const user = await send(site.port, 'GET', '/ms_accounts/user', { Cookie: cookie.split(';')[0]! });
    expect(user.status).toBe(200);
  });

  it('counts failures against the address the trusted proxy forwarded', async () => {
    const fail = (client: string) =>
      send(site.port, 'POST', '/ms_accounts/auth/login', viaProxy(client), { username: `nobody-${client}`, password: 'wrong password' });
    const attacker = [];
    for (let attempt = 0; attempt < 4; attempt += 1) attacker.push((await fail('203.0.113.9')).status);
    expect(attacker).toEqual([400, 400, 400, 429]);
    expect((await fail('203.0.113.10')).status).toBe(400);
  });
});

describe('a peer that is not a trusted proxy', () => {
  let site: Awaited<ReturnType<typeof startSite>>;
  beforeAll(async () => {
    site = await startSite({ publicOrigin: 'http://localhost:1', trustedProxies: ['192.0.2.1'] });
  });
  afterAll(() => site.close());

  it('cannot choose its address with X-Forwarded-For: every try counts against its own', async () => {
    const statuses = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const headers = { Origin: 'http://localhost:1', 'X-Requested-With': 'x', 'X-Forwarded-For': `203.0.113.${attempt}` };
      statuses.push((await send(site.port, 'POST', '/ms_accounts/auth/login', headers, { username: `n${attempt}`, password: 'wrong password' })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
  });

  it('sends no HSTS over plain http', async () => {
    const answer = await send(site.port, 'GET', '/health', {});
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});
