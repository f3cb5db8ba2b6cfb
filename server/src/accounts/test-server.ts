import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import type { GoogleConfig } from './google.ts';
import type { RecaptchaConfig } from './recaptcha.ts';
import type { ThrottleLimits } from './throttle.ts';
import type { SlowRefusals } from '../http/slow-refusals.ts';

/** Listens on a free loopback port; the app is built once its origin is known (requests wait for it). */
export const listenForApp = async (build: (origin: string) => ReturnType<typeof createApp>) => {
  const built: { app?: ReturnType<typeof createApp> } = {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: (request, env) => built.app!.fetch(request, env), port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  built.app = build(origin);
  return { server, origin };
};

/** A real server on a free loopback port, with its own database, for tests that speak HTTP to it. */
export const startServer = async (
  options: { limits?: Partial<ThrottleLimits>; refusals?: Partial<SlowRefusals>; google?: GoogleConfig; recaptcha?: RecaptchaConfig; trustedProxies?: string[] } = {},
) => {
  const db: Database = openDatabase(':memory:');
  const strength = createStrengthPool();
  const { server, origin } = await listenForApp((origin) =>
    createApp({
      publicDir: '/nonexistent',
      db,
      flagsPath: '/nonexistent',
      captchaSecret: 'test-secret',
      strength,
      site: { publicOrigin: origin, allowedOrigins: [], trustedProxies: options.trustedProxies ?? [] },
      ...options,
    }),
  );

  /** A browser of our own pages: same-origin headers and a cookie jar of one session cookie. */
  const browser = () => {
    let cookie = '';
    const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
      const response = await fetch(`${origin}${path}`, {
        method,
        headers: {
          Origin: origin,
          'X-Requested-With': 'XMLHttpRequest',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const setCookie = response.headers.getSetCookie().at(-1) ?? null;
      if (setCookie) cookie = setCookie.split(';')[0]!.endsWith('=') ? '' : setCookie.split(';')[0]!;
      const text = await response.text();
      return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null, setCookie, cookie };
    };
    return {
      get: (path: string) => call('GET', path),
      post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body ?? {}, headers),
      cookie: () => cookie,
      useCookie: (value: string) => {
        cookie = value;
      },
    };
  };

  const close = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await strength.close();
  };
  return { db, origin, browser, close };
};
