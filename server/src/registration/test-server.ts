import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createCaptcha } from '../accounts/captcha.ts';
import { createCredentialCheck } from '../accounts/credentials.ts';
import { createThrottle, DEFAULT_LIMITS } from '../accounts/throttle.ts';
import { createApp } from '../app.ts';
import { openDatabase, type Database } from '../db/database.ts';
import { createStrengthPool } from '../public-user/strength-pool.ts';
import { sameOriginOnly } from '../http/request-guards.ts';
import { siteContext } from '../http/site.ts';
import type { RegistrationLimits } from './attempt-limits.ts';
import { emailRoutes, registrationRoutes } from './routes.ts';

type Call = { status: number; body: unknown; headers: Headers };

/** A browser of our own pages against `origin`: same-origin headers and one session cookie. */
const browserOf = (origin: string) => () => {
  let cookie = '';
  const call = async (method: string, path: string, body?: unknown): Promise<Call> => {
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        Origin: origin,
        'X-Requested-With': 'XMLHttpRequest',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(cookie ? { Cookie: cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().at(-1);
    if (setCookie) cookie = setCookie.split(';')[0]!;
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
  };
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, body: unknown = {}) => call('POST', path, body),
    cookie: () => cookie,
  };
};

/** Listens on a free port, then builds the app for that origin (requests wait for it). */
const listen = async (db: Database, appFor: (origin: string) => Hono) => {
  const built: { app?: Hono } = {};
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: (request, env) => built.app!.fetch(request, env), port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  built.app = appFor(origin);
  return { db, origin, browser: browserOf(origin), close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/**
 * The whole reference server as app.ts builds it, plus the email service's routes (which app.ts
 * mounts at /ms_email), on a real port with its own database.
 */
export const startServer = async () => {
  const db = openDatabase(':memory:');
  const strength = createStrengthPool();
  const listening = await listen(db, (origin) => {
    const app = createApp({
      publicDir: '/nonexistent',
      db,
      flagsPath: '/nonexistent',
      captchaSecret: 'test-secret',
      strength,
      site: { publicOrigin: origin, allowedOrigins: [], trustedProxies: [] },
    });
    app.route('/ms_email', emailRoutes({ db }));
    return app;
  });
  return { ...listening, close: () => listening.close().then(() => strength.close()) };
};

/** Only the registration and email routes, with the given rate limits. */
export const startLimitedServer = async (limits: Partial<RegistrationLimits>) => {
  const db = openDatabase(':memory:');
  return listen(db, (origin) => {
    const app = new Hono();
    app.use('*', siteContext({ publicOrigin: origin, allowedOrigins: [], trustedProxies: [] }));
    app.use('*', sameOriginOnly);
    const credentials = createCredentialCheck({ db, throttle: createThrottle(db, DEFAULT_LIMITS), captcha: createCaptcha(db, 'test-secret') });
    app.route('/ms_accounts', registrationRoutes({ db, limits, credentials }));
    app.route('/ms_email', emailRoutes({ db, limits }));
    return app;
  });
};
