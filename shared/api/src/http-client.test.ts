import { http as mock, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from './api-context.ts';
import { ApiError } from './api-error.ts';
import { retryDelayMs } from '@entry/constants';
import { http } from './http-client.ts';
import { recordRequests, startTestServer } from './test-server.ts';

const server = startTestServer();

describe('http client', () => {
  beforeEach(() => {
    server.events.removeAllListeners();
    configureApi({ releaseId: 'r-123', canary: true });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends credentials, the platform headers and a new correlation id per request', async () => {
    server.use(mock.post('*/thing', () => HttpResponse.json({ ok: true })));
    const requests = recordRequests();
    const sent = vi.spyOn(globalThis, 'fetch');
    await http.post('/thing', { json: { a: 1 } }).json();
    await http.post('/thing', { json: { a: 2 } }).json();
    const [first, second] = requests as [Request, Request];
    // What the page's fetch was given: the network layer of the tests does not keep the mode.
    expect((sent.mock.calls[0]?.[0] as Request).credentials).toBe('include');
    expect(first.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(first.headers.get('x-release-id')).toBe('r-123');
    expect(first.headers.get('x-canary')).toBe('true');
    expect(first.headers.get('content-type')).toContain('application/json');
    expect(await first.json()).toEqual({ a: 1 });
    expect(first.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers.get('x-correlation-id')).not.toBe(first.headers.get('x-correlation-id'));
  });

  it('retries a GET 3 times, 2, 4 and 8 s apart, on a server error', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const times: number[] = [];
    server.use(
      mock.get('*/flaky', () => {
        times.push(Date.now());
        return new HttpResponse(null, { status: 503 });
      }),
    );
    const result = http.get('/flaky').json().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(20_000);
    const error = await result;
    expect(error).toBeInstanceOf(ApiError);
    expect(times).toHaveLength(4);
    expect(times.slice(1).map((time, index) => time - (times[index] as number))).toEqual([2000, 4000, 8000]);
    expect([1, 2, 3].map(retryDelayMs)).toEqual([2000, 4000, 8000]);
  });

  it('retries a GET on a network error and succeeds when the network is back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let calls = 0;
    server.use(
      mock.get('*/network', () => {
        calls += 1;
        return calls < 3 ? HttpResponse.error() : HttpResponse.json({ ok: true });
      }),
    );
    const result = http.get('/network').json();
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
  });

  it.each([
    ['a POST on a server error', 'post', 500],
    ['a GET on a client error', 'get', 404],
  ] as const)('never retries %s', async (_case, method, status) => {
    let calls = 0;
    server.use(
      mock[method]('*/once', () => {
        calls += 1;
        return new HttpResponse(null, { status });
      }),
    );
    await expect(http[method]('/once').json()).rejects.toBeInstanceOf(ApiError);
    expect(calls).toBe(1);
  });

  it('wraps an error with status, the server message, correlation id and data', async () => {
    server.use(
      mock.post('*/fail', () => HttpResponse.json({ message: 'Bad request: illegal arguments', field: 'email' }, { status: 400 })),
    );
    const requests = recordRequests();
    const error = (await http.post('/fail', { json: {} }).json().catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'Bad request: illegal arguments',
      data: { message: 'Bad request: illegal arguments', field: 'email' },
    });
    expect(error.correlation_id).toBe(requests[0]?.headers.get('x-correlation-id'));
  });

  it('falls back to the status text without a server message', async () => {
    server.use(mock.post('*/teapot', () => new HttpResponse('', { status: 418, statusText: "I'm a teapot" })));
    await expect(http.post('/teapot').json()).rejects.toMatchObject({ status: 418, message: "I'm a teapot" });
  });

  it('answers no content as undefined rather than a parse error', async () => {
    server.use(mock.post('*/empty', () => new HttpResponse(null, { status: 204 })));
    await expect(http.post('/empty').json()).resolves.toBeUndefined();
  });
});
