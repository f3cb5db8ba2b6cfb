import { OpenFeature } from '@openfeature/web-sdk';
import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const BULK_URL = `${window.location.origin}/ofrep/v1/evaluate/flags`;
const GOOGLE = 'schools-quest-google-sign-in';

/** A tiny OFREP service: the Google flag is on for teachers only. */
const contexts: Record<string, unknown>[] = [];
const ofrep = http.post(BULK_URL, async ({ request }) => {
  // As the reference server's same-origin guard does: a POST without X-Requested-With is refused.
  if (request.headers.get('x-requested-with') !== 'XMLHttpRequest') return HttpResponse.json({ message: 'Forbidden' }, { status: 403 });
  const { context } = (await request.json()) as { context: Record<string, unknown> };
  contexts.push(context);
  const value = context.base === 'teacher';
  return HttpResponse.json(
    { flags: [{ key: GOOGLE, value, reason: value ? 'TARGETING_MATCH' : 'DEFAULT', variant: String(value) }] },
    { headers: { ETag: `"${value}"` } },
  );
});

const server = setupServer(ofrep);
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

/** The package and the auth store keep module state, so each test gets fresh copies of both. */
const load = async () => {
  vi.resetModules();
  const [flags, auth] = await Promise.all([import('./index.ts'), import('@entry/auth')]);
  return { ...flags, ...auth };
};

beforeEach(async () => {
  await OpenFeature.clearProviders();
  await OpenFeature.clearContexts();
  localStorage.clear();
  contexts.length = 0;
});

describe('initFlags', () => {
  it('evaluates flags at the same origin with the session user as context', async () => {
    const { initFlags, useFlag, useFlagsReady, FLAG_KEYS, useAuthStore, toSessionUser } = await load();
    useAuthStore.getState().setSession(toSessionUser({ id_user: 7, base: 'teacher', id_school_customer: 12 }));
    const { result } = renderHook(() => ({
      on: useFlag(FLAG_KEYS.schoolsQuestGoogleSignIn, false),
      ready: useFlagsReady(),
    }));
    expect(result.current).toEqual({ on: false, ready: false });

    await act(() => initFlags());

    expect(result.current).toEqual({ on: true, ready: true });
    expect(contexts).toEqual([{ targetingKey: '7', id_user: 7, base: 'teacher', id_school_customer: 12 }]);
  });

  it('re-evaluates when a visitor logs in, and again when they log out', async () => {
    const { initFlags, useFlag, useAuthStore, toSessionUser } = await load();
    await initFlags();
    const { result } = renderHook(() => useFlag(GOOGLE, false));
    expect(result.current).toBe(false);

    act(() => useAuthStore.getState().setSession(toSessionUser({ id_user: 9, base: 'teacher' })));
    await waitFor(() => expect(result.current).toBe(true));

    act(() => useAuthStore.getState().clearSession());
    await waitFor(() => expect(result.current).toBe(false));
    expect(contexts.map(({ targetingKey }) => targetingKey)).toEqual(['anonymous', '9', 'anonymous']);
  });

  it('asks again only when the context changes, not for every store update', async () => {
    const { initFlags, useAuthStore } = await load();
    await initFlags();
    useAuthStore.setState({ status: 'anonymous' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(contexts).toHaveLength(1);
  });

  it('uses a configured OFREP service instead of the same origin', async () => {
    const elsewhere = 'https://flags.example.test';
    server.use(http.post(`${elsewhere}/ofrep/v1/evaluate/flags`, () => HttpResponse.json({ flags: [{ key: GOOGLE, value: true }] })));
    const { initFlags, useFlag } = await load();
    await initFlags({ baseUrl: elsewhere });
    expect(renderHook(() => useFlag(GOOGLE, false)).result.current).toBe(true);
  });

  it.each([
    ['answers 500', () => HttpResponse.json({ errorDetails: 'down' }, { status: 500 })],
    ['is unreachable', () => HttpResponse.error()],
    ['never answers', () => delay('infinite')],
  ])('becomes ready with defaults when the flag service %s', async (_, answer) => {
    server.use(http.post(BULK_URL, answer));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { initFlags, useFlag, useFlagsReady } = await load();
    const { result } = renderHook(() => ({ on: useFlag(GOOGLE, true), ready: useFlagsReady() }));

    await act(() => initFlags({ timeoutMs: 50 }));

    expect(result.current).toEqual({ on: true, ready: true });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('starts once however often it is called', async () => {
    const { initFlags } = await load();
    expect(initFlags()).toBe(initFlags());
    await initFlags();
    expect(contexts).toHaveLength(1);
  });
});
