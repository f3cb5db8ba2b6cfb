import { describe, expect, it } from 'vitest';
import { beforeBreadcrumb } from './before-breadcrumb.ts';

describe('beforeBreadcrumb', () => {
  it.each(['fetch', 'xhr'])('drops %s breadcrumbs for the socket path', (category) => {
    const breadcrumb = {
      type: 'http',
      category,
      data: { method: 'GET', url: 'https://x.test/ms_sockets/socket.io/?EIO=4&transport=polling', status_code: 200 },
    };
    expect(beforeBreadcrumb(breadcrumb)).toBeNull();
  });

  it('drops console breadcrumbs that name the socket path', () => {
    expect(beforeBreadcrumb({ category: 'console', message: 'GET /ms_sockets/socket.io/ 400' })).toBeNull();
  });

  it('keeps other fetch breadcrumbs with credentials filtered from the URL', () => {
    const breadcrumb = {
      type: 'http',
      category: 'fetch',
      data: { method: 'GET', url: '/ms_accounts/auth/reset-token/tok123?captcha=c1&x=1', status_code: 404 },
    };
    expect(beforeBreadcrumb(breadcrumb)).toEqual({
      type: 'http',
      category: 'fetch',
      data: { method: 'GET', url: '/ms_accounts/auth/reset-token/[Filtered]?captcha=[Filtered]&x=1', status_code: 404 },
    });
  });

  it('filters credentials from xhr bodies and console arguments', () => {
    const xhr = beforeBreadcrumb({
      category: 'xhr',
      data: {
        url: '/ms_accounts/auth/login',
        body: '{"username":"amy","password":"hunter2"}',
        request: { password: 'x' },
      },
    });
    expect(xhr?.data).toEqual({
      url: '/ms_accounts/auth/login',
      body: '{"username":"amy","password":"[Filtered]"}',
      request: { password: '[Filtered]' },
    });

    const console = beforeBreadcrumb({
      category: 'console',
      message: 'login {"access_code":"AB12"}',
      data: { arguments: ['login', { access_code: 'AB12' }], logger: 'console' },
    });
    expect(console).toEqual({
      category: 'console',
      message: 'login {"access_code":"[Filtered]"}',
      data: { arguments: ['login', { access_code: '[Filtered]' }], logger: 'console' },
    });
  });

  it('filters navigation breadcrumbs whose paths hold an access code', () => {
    const navigation = { category: 'navigation', data: { from: '/public/login', to: '/public/magic/AB12' } };
    expect(beforeBreadcrumb(navigation)).toEqual({
      category: 'navigation',
      data: { from: '/public/login', to: '/public/magic/[Filtered]' },
    });
  });

  it('does not change the breadcrumb it was given', () => {
    const breadcrumb = { message: 'token=abc' };
    beforeBreadcrumb(breadcrumb);
    expect(breadcrumb.message).toBe('token=abc');
  });
});
