import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from './test-server.ts';
import { createUser } from './users.ts';

const CLIENT_ID = 'test-client.apps.example';

/** A stand-in for Google's token endpoint: code "good-<email>" answers an id token for that email. */
const startFakeGoogle = async () => {
  const app = new Hono();
  const exchanges: URLSearchParams[] = [];
  app.post('/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    exchanges.push(form);
    const code = form.get('code') ?? '';
    if (!code.startsWith('good-')) return c.json({ error: 'invalid_grant' }, 400);
    const claims = { aud: CLIENT_ID, email: code.slice('good-'.length), email_verified: true };
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return c.json({ id_token: `${part({ alg: 'RS256' })}.${part(claims)}.signature`, access_token: 'x' });
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(listening));
  });
  return {
    tokenUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`,
    exchanges,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

let google: Awaited<ReturnType<typeof startFakeGoogle>>;
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  google = await startFakeGoogle();
  server = await startServer({ google: { clientId: CLIENT_ID, clientSecret: 'shh', tokenUrl: google.tokenUrl } });
  await createUser(server.db, { username: 'ada', email: 'ada@example.com', password: 'correct horse battery', base: 'parent' });
});
afterAll(async () => {
  await server.close();
  await google.close();
});

describe('Google sign-in (authorization-code flow)', () => {
  it('exchanges the code with the client secret and signs in the account with that email', async () => {
    const browser = server.browser();
    const response = await browser.post('/ms_accounts/auth/login_with_google', { code: 'good-ada@example.com', hubspotUserToken: null });
    expect(response).toMatchObject({ status: 200, body: { base: 'parent' } });
    expect((await browser.get('/ms_accounts/user')).status).toBe(200);
    expect(Object.fromEntries(google.exchanges.at(-1) ?? [])).toMatchObject({
      code: 'good-ada@example.com',
      client_id: CLIENT_ID,
      client_secret: 'shh',
      grant_type: 'authorization_code',
      redirect_uri: 'postmessage',
    });
  });

  it('sends an unknown Google account to sign up first', async () => {
    const response = await server.browser().post('/ms_accounts/auth/login_with_google', { code: 'good-new@example.com' });
    expect(response).toMatchObject({ status: 400, body: { message: 'You need to signup first' } });
  });

  it('refuses a code Google does not accept', async () => {
    const response = await server.browser().post('/ms_accounts/auth/login_with_google', { code: 'stolen' });
    expect(response).toMatchObject({ status: 400, body: { message: 'Google did not accept the sign-in. Please try again.' } });
  });

  it('says so when Google sign-in is not configured', async () => {
    const unconfigured = await startServer();
    const response = await unconfigured.browser().post('/ms_accounts/auth/login_with_google', { code: 'good-ada@example.com' });
    expect(response).toMatchObject({ status: 503, body: { message: 'Google sign-in is not configured' } });
    await unconfigured.close();
  });
});
