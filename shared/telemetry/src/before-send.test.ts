import type { ErrorEvent } from '@sentry/browser';
import { describe, expect, it } from 'vitest';
import { beforeSend } from './before-send.ts';

const exceptionEvent = (value: string): ErrorEvent => ({
  type: undefined,
  level: 'error',
  exception: { values: [{ type: 'Error', value }] },
});

describe('beforeSend', () => {
  it('drops the never-sent messages, also when wrapped', () => {
    expect(beforeSend(exceptionEvent('Username and password do not match'))).toBeNull();
    expect(
      beforeSend(exceptionEvent('Object captured as exception with keys: error, status'), {
        originalException: { status: 400, error: { message: 'password should not be empty' } },
      }),
    ).toBeNull();
  });

  it('sends every other error as a warning', () => {
    expect(beforeSend(exceptionEvent('Internal Server Error'))?.level).toBe('warning');
    const message: ErrorEvent = { type: undefined, level: 'info', message: 'Missing translation: login:title' };
    expect(beforeSend(message)?.level).toBe('warning');
  });

  it('tags the correlation id of the API error and keeps other tags', () => {
    const error = Object.assign(new Error('Gateway timeout'), { correlation_id: 'c-504' });
    const event = { ...exceptionEvent('Gateway timeout'), tags: { remote: 'login' } };
    const sent = beforeSend(event, { originalException: error });
    expect(sent?.tags).toEqual({ remote: 'login', correlation_id: 'c-504' });
  });

  it('tags the correlation id found in contexts', () => {
    const event = { ...exceptionEvent('Resource not found'), contexts: { api: { correlation_id: 'c-404' } } };
    const sent = beforeSend(event);
    expect(sent?.tags).toEqual({ correlation_id: 'c-404' });
  });

  it('adds no tag without a correlation id', () => {
    expect(beforeSend(exceptionEvent('Resource not found'))?.tags).toBeUndefined();
  });

  it('scrubs credentials from what it sends', () => {
    const sent = beforeSend({
      ...exceptionEvent('login failed for {"username":"amy","password":"hunter2"}'),
      breadcrumbs: [{ category: 'fetch', data: { url: '/ms_accounts/auth/reset-token/tok' } }],
    });
    expect(sent?.exception?.values?.[0]?.value).toBe('login failed for {"username":"amy","password":"[Filtered]"}');
    expect(sent?.breadcrumbs?.[0]?.data).toEqual({ url: '/ms_accounts/auth/reset-token/[Filtered]' });
  });
});
