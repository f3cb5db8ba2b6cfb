import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../accounts/test-server.ts';
import { storedSecret } from '../accounts/secrets.ts';
import { STRENGTH_CHECKS } from './routes.ts';
import { unsubscribeSignature } from './unsubscribe-links.ts';

let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  server = await startServer({ trustedProxies: ['127.0.0.1'] });
});
afterAll(() => server.close());

/** Each test speaks from an address of its own (through the trusted-proxy header), so limits do not mix. */
let nextAddress = 1;
const from = () => ({ 'X-Forwarded-For': `198.51.100.${nextAddress++}` });

const random = (length: number) => Array.from({ length }, (_, index) => String.fromCharCode(33 + ((index * 7919 + length) % 94))).join('');

describe('POST /public/user/verify_password_strength', () => {
  it('judges by the one policy, with zxcvbn’s advice', async () => {
    const address = from();
    const weak = await server.browser().post('/public/user/verify_password_strength', { password: 'password' }, address);
    expect(weak).toMatchObject({ status: 200, body: { weak: true, score: 0 } });
    expect(weak.body?.feedback).toContain('This password is on a list of passwords that attackers try first.');
    const random8 = await server.browser().post('/public/user/verify_password_strength', { password: 'k7#Qm2pX' }, address);
    expect(random8).toMatchObject({ status: 200, body: { weak: false, feedback: [] } });
  });

  it('refuses over 1 KiB at once, and estimates only the start of a long password', async () => {
    const address = from();
    const over = await server.browser().post('/public/user/verify_password_strength', { password: random(1025) }, address);
    expect(over.body).toEqual({ score: 0, weak: true, feedback: ['Use a shorter password.'] });
    const long = await server.browser().post('/public/user/verify_password_strength', { password: random(1000) }, address);
    expect(long).toMatchObject({ status: 200, body: { weak: false } });
  });

  it(`refuses an address its check number ${STRENGTH_CHECKS.limit + 1} within ${STRENGTH_CHECKS.windowMs / 1000} s`, async () => {
    const address = from();
    const statuses: number[] = [];
    // One after the other, as a script would to stay clear of the busy pool: only the limit refuses.
    for (let check = 0; check < STRENGTH_CHECKS.limit + 5; check += 1) {
      statuses.push((await server.browser().post('/public/user/verify_password_strength', { password: 'k7#Qm2pX' }, address)).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(STRENGTH_CHECKS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    // Another visitor is not held back by it.
    expect((await server.browser().post('/public/user/verify_password_strength', { password: 'k7#Qm2pX' }, from())).status).toBe(200);
  });

  it('keeps the event loop free while estimates run: /health answers before they are done', async () => {
    const finished: string[] = [];
    const estimates = Array.from({ length: 20 }, (_, index) =>
      server.browser().post('/public/user/verify_password_strength', { password: random(900 + index) }, from()).then(() => finished.push('estimate')),
    );
    const health = await server.browser().get('/health');
    finished.push('health');
    await Promise.all(estimates);
    expect(health.status).toBe(200);
    // On the event loop, zxcvbn made /health wait for every estimate queued before it.
    expect(finished.indexOf('health')).toBeLessThan(finished.length - 1);
  });
});

describe('POST /public/user/unsubscribe', () => {
  const secret = () => storedSecret(server.db, 'links');
  const unsubscribed = (id_user: number) => Number(server.db.prepare('SELECT count(*) AS n FROM unsubscribes WHERE id_user = ?').get(id_user)?.n);

  it('unsubscribes with the signature the mail carried for that user and type', async () => {
    const signature = unsubscribeSignature(secret(), 'newsletter', 4242);
    const answer = await server.browser().post('/public/user/unsubscribe', { type: 'newsletter', id_user: 4242, signature });
    expect(answer.status).toBe(204);
    expect(unsubscribed(4242)).toBe(1);
  });

  it('changes nothing without the signature, with another user’s or another type’s', async () => {
    const forOther = unsubscribeSignature(secret(), 'newsletter', 1);
    const forType = unsubscribeSignature(secret(), 'reports', 4343);
    for (const signature of [undefined, '', forOther, forType, 'x'.repeat(43)]) {
      const answer = await server.browser().post('/public/user/unsubscribe', { type: 'newsletter', id_user: 4343, signature });
      expect(answer.status).toBe(403);
    }
    expect(unsubscribed(4343)).toBe(0);
  });

  it('refuses an unknown type instead of storing or echoing it', async () => {
    const answer = await server.browser().post('/public/user/unsubscribe', { type: '<img src=x>', id_user: 4444, signature: 'x' });
    expect(answer).toMatchObject({ status: 400, body: { message: 'Bad request: illegal arguments' } });
    expect(JSON.stringify(answer.body)).not.toContain('img');
    expect((await server.browser().post('/public/user/unsubscribe', { type: 'everything', id_user: 4444, signature: 'x' })).status).toBe(400);
  });
});

describe('POST /event-gateway/publish', () => {
  it('never stores the secret of the page address an event carries', async () => {
    const event = (currentUrl: string) => ({ eventName: 'login_failed', eventType: 'Frontend', id_user: null, id_local: crypto.randomUUID(), currentUrl });
    for (const url of ['http://localhost/public/magic/MAGIC12345', 'http://localhost/public/reset/r3s3t-t0k3n/staff', 'http://localhost/public/invitation?token=inv1t3']) {
      expect((await server.browser().post('/event-gateway/publish', event(url))).status).toBe(204);
    }
    const stored = server.db.prepare('SELECT payload FROM gateway_events').all().map((row) => String(row.payload)).join('\n');
    for (const secret of ['MAGIC12345', 'r3s3t-t0k3n', 'inv1t3']) expect(stored).not.toContain(secret);
    expect(stored).toContain('/public/magic/[Filtered]');
  });
});
