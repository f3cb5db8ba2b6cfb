import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ofrepRoutes } from './ofrep.ts';

const flagsPath = join(mkdtempSync(join(tmpdir(), 'ofrep-')), 'flags.json');
const app = new Hono().route('/ofrep', ofrepRoutes({ flagsPath }));

const FLAGS = {
  'schools-quest-google-sign-in': {
    default: false,
    rules: [
      { if: { base: 'teacher', id_school_customer: [12, 34] }, value: true, variant: 'quest-schools' },
      { if: { base: 'school' }, value: true },
    ],
  },
  omr: { description: 'for people, ignored', default: false },
};

let edits = 0;
/** Each write gets a later mtime, so the route's mtime cache cannot hide the change. */
const writeFlags = (content: unknown) => {
  writeFileSync(flagsPath, typeof content === 'string' ? content : JSON.stringify(content));
  const later = new Date(Date.now() + ++edits * 1000);
  utimesSync(flagsPath, later, later);
};

const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  app.request(`/ofrep/v1/evaluate/flags${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('OFREP bulk evaluation', () => {
  beforeEach(() => writeFlags(FLAGS));

  it('answers every flag with key, value, reason and variant, and an ETag', async () => {
    const response = await post('', { context: { targetingKey: 'anonymous' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    expect(response.headers.get('ETag')).toMatch(/^"[\w-]+"$/);
    expect(await response.json()).toEqual({
      flags: [
        { key: 'schools-quest-google-sign-in', value: false, reason: 'DEFAULT', variant: 'default' },
        { key: 'omr', value: false, reason: 'STATIC', variant: 'default' },
      ],
    });
  });

  it('applies the first rule whose attributes all match the context', async () => {
    const valueFor = async (context: Record<string, unknown>) => {
      const { flags } = (await (await post('', { context })).json()) as { flags: { key: string }[] };
      return flags.find(({ key }) => key === 'schools-quest-google-sign-in');
    };
    expect(await valueFor({ targetingKey: '7', base: 'teacher', id_school_customer: 34 })).toMatchObject({
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'quest-schools',
    });
    expect(await valueFor({ base: 'school' })).toMatchObject({ value: true, variant: 'rule-2' });
    expect(await valueFor({ base: 'teacher', id_school_customer: 99 })).toMatchObject({ value: false, reason: 'DEFAULT' });
    expect(await valueFor({ base: 'parent' })).toMatchObject({ value: false });
  });

  it('answers 304 with no body when If-None-Match holds the current ETag', async () => {
    const context = { context: { targetingKey: '7', base: 'teacher' } };
    const etag = (await post('', context)).headers.get('ETag') ?? '';

    const unchanged = await post('', context, { 'If-None-Match': etag });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(unchanged.headers.get('ETag')).toBe(etag);
    expect((await post('', context, { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);

    // A different answer (another context, or an edited file) must not be "not modified".
    expect((await post('', { context: { base: 'school' } }, { 'If-None-Match': etag })).status).toBe(200);
    writeFlags({ ...FLAGS, 'quest-purchase': { default: true } });
    const edited = await post('', context, { 'If-None-Match': etag });
    expect(edited.status).toBe(200);
    expect(edited.headers.get('ETag')).not.toBe(etag);
  });

  it('treats an empty body as no context', async () => {
    const response = await app.request('/ofrep/v1/evaluate/flags', { method: 'POST' });
    expect(response.status).toBe(200);
  });

  it.each([
    ['not JSON', '{"context": ', 'PARSE_ERROR'],
    ['not an object', '[1, 2]', 'INVALID_CONTEXT'],
    ['a context that is not an object', { context: 'teacher' }, 'INVALID_CONTEXT'],
    ['a targetingKey that is not a string', { context: { targetingKey: 7 } }, 'INVALID_CONTEXT'],
  ])('refuses a body that is %s with 400 and an error code', async (_, body, errorCode) => {
    const bulk = await post('', body);
    expect(bulk.status).toBe(400);
    expect(await bulk.json()).toEqual({ errorCode, errorDetails: expect.any(String) });
    const single = await post('/omr', body);
    expect(single.status).toBe(400);
    expect(await single.json()).toEqual({ key: 'omr', errorCode, errorDetails: expect.any(String) });
  });

  it('answers 500 with error details when the flags file is broken, and logs why', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    writeFlags({ omr: { default: false, rules: [{ if: { base: 'school' }, value: 'yes' }] } });
    const response = await post('', { context: {} });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ errorDetails: expect.any(String) });
    expect(String(log.mock.calls[0]?.[1])).toContain('flag "omr": rule 1: "value" must be of the same type as "default"');
    log.mockRestore();
  });
});

describe('OFREP single flag evaluation', () => {
  beforeEach(() => writeFlags(FLAGS));

  it('answers one flag for the context', async () => {
    const response = await post('/schools-quest-google-sign-in', { context: { base: 'school' } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      key: 'schools-quest-google-sign-in',
      value: true,
      reason: 'TARGETING_MATCH',
      variant: 'rule-2',
    });
  });

  it('answers 404 FLAG_NOT_FOUND for an unknown key', async () => {
    const response = await post('/no-such-flag', { context: {} });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      key: 'no-such-flag',
      errorCode: 'FLAG_NOT_FOUND',
      errorDetails: 'Flag "no-such-flag" was not found.',
    });
  });
});

describe('server/flags.json', () => {
  it('holds the product flags as booleans: quest’s Google sign-in on, the rest off', async () => {
    const shipped = new URL('../../flags.json', import.meta.url);
    writeFlags(readFileSync(shipped, 'utf8'));
    const { flags } = (await (await post('', { context: {} })).json()) as { flags: { key: string; value: unknown }[] };
    expect(flags.map(({ key, value }) => [key, value])).toEqual([
      ['schools-quest-google-sign-in', true],
      ['school-pupil-report', false],
      ['score-boundary-v2', false],
      ['quest-purchase', false],
      ['omr', false],
    ]);
  });
});
