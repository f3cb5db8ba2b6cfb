import type { ErrorEvent } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import { scrubEvent } from './scrub-event.ts';

const event = (fields: Omit<ErrorEvent, 'type'>): ErrorEvent => ({ type: undefined, ...fields });

describe('scrubEvent', () => {
  it('filters the message, the log entry and every exception value', () => {
    const scrubbed = scrubEvent(
      event({
        message: 'failed with token=abc',
        logentry: { message: 'password: %s', params: [{ password: 'x' }] },
        exception: {
          values: [
            { type: 'Error', value: 'POST /ms_accounts/auth/login {"password":"hunter2"}' },
            { type: 'TypeError' },
          ],
        },
      }),
    );
    expect(scrubbed.message).toBe('failed with token=[Filtered]');
    expect(scrubbed.logentry?.params).toEqual([{ password: '[Filtered]' }]);
    expect(scrubbed.exception?.values?.map(({ value }) => value)).toEqual([
      'POST /ms_accounts/auth/login {"password":"[Filtered]"}',
      undefined,
    ]);
  });

  it('filters breadcrumbs', () => {
    const scrubbed = scrubEvent(event({ breadcrumbs: [{ category: 'fetch', data: { url: '/x?access_code=AB12' } }] }));
    expect(scrubbed.breadcrumbs).toEqual([{ category: 'fetch', data: { url: '/x?access_code=[Filtered]' } }]);
  });

  it('filters request URL, headers, body, query string and every cookie', () => {
    const scrubbed = scrubEvent(
      event({
        request: {
          url: 'https://x.test/public/magic/AB12',
          method: 'POST',
          headers: {
            Authorization: 'Bearer t',
            Cookie: 'sid=s',
            Referer: 'https://x.test/public/reset/tok/staff',
            Accept: '*/*',
          },
          data: { username: 'amy', password: 'hunter2', captcha: 'c' },
          query_string: [['token', 't'], ['page', '2']],
          cookies: { theme: 'dark', s: 'session' },
        },
      }),
    );
    expect(scrubbed.request).toEqual({
      url: 'https://x.test/public/magic/[Filtered]',
      method: 'POST',
      headers: {
        Authorization: '[Filtered]',
        Cookie: '[Filtered]',
        Referer: 'https://x.test/public/reset/[Filtered]/staff',
        Accept: '*/*',
      },
      data: { username: 'amy', password: '[Filtered]', captcha: '[Filtered]' },
      query_string: [['token', '[Filtered]'], ['page', '2']],
      cookies: { theme: '[Filtered]', s: '[Filtered]' },
    });
    expect(scrubEvent(event({ request: { query_string: 'token=t&page=2' } })).request?.query_string).toBe(
      'token=[Filtered]&page=2',
    );
  });

  it('filters extra, contexts and tags but keeps correlation ids', () => {
    const scrubbed = scrubEvent(
      event({
        extra: { body: { old_password: 'o', new_password: 'n' }, correlation_id: 'c-1' },
        contexts: { api: { correlation_id: 'c-1', session_id: 's' } },
        tags: { url: '/public/report/AB12', remote: 'login' },
      }),
    );
    expect(scrubbed.extra).toEqual({
      body: { old_password: '[Filtered]', new_password: '[Filtered]' },
      correlation_id: 'c-1',
    });
    expect(scrubbed.contexts).toEqual({ api: { correlation_id: 'c-1', session_id: '[Filtered]' } });
    expect(scrubbed.tags).toEqual({ url: '/public/report/[Filtered]', remote: 'login' });
  });

  it('leaves fields it does not know and an event without text untouched', () => {
    const plain = event({ event_id: 'e1', level: 'error', release: 'r1', environment: 'production' });
    expect(scrubEvent(plain)).toEqual(plain);
  });
});
