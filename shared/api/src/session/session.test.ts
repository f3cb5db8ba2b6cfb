import { http as mock, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../test-server.ts';

const server = startTestServer();

/** Each test gets fresh modules: a logout, once begun, is the page's last. */
const load = async () => {
  vi.resetModules();
  const [{ useAuthStore }, api] = await Promise.all([import('@entry/auth'), import('../index.ts')]);
  const redirect = vi.fn();
  api.configureApi({ redirect });
  return { useAuthStore, api, redirect };
};

const signIn = (store: Awaited<ReturnType<typeof load>>['useAuthStore'], id_user = 7) =>
  store.getState().setSession({ id_user, base: 'parent' });

describe('session rules', () => {
  let logouts: number;
  let published: { eventName: string; id_user: number | null }[];
  beforeEach(() => {
    logouts = 0;
    published = [];
    server.use(
      mock.post('*/ms_accounts/auth/logout', () => {
        logouts += 1;
        return new HttpResponse(null, { status: 204 });
      }),
      mock.post('*/event-gateway/publish', async ({ request }) => {
        published.push((await request.json()) as (typeof published)[number]);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    localStorage.clear();
    sessionStorage.clear();
  });

  it('logs out in the order of SPEC section 4', async () => {
    const { useAuthStore, api, redirect } = await load();
    signIn(useAuthStore);
    localStorage.setItem('anything', '1');
    sessionStorage.setItem(api.FIRST_LOGIN_KEY, 'true');
    sessionStorage.setItem('kept', '1');

    await api.logOut();

    expect(published).toMatchObject([{ eventName: 'logout', id_user: 7, eventType: 'Frontend' }]);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.getItem(api.FIRST_LOGIN_KEY)).toBeNull();
    expect(sessionStorage.getItem('kept')).toBe('1');
    expect(logouts).toBe(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'anonymous', user: null });
    expect(redirect).toHaveBeenCalledWith('/public/login');
  });

  it('makes many concurrent 401s into exactly one logout', async () => {
    const { useAuthStore, api, redirect } = await load();
    signIn(useAuthStore);
    server.use(mock.get('*/ms_accounts/users/:id', () => new HttpResponse(null, { status: 401 })));
    const calls = Array.from({ length: 5 }, (_, index) => api.getUser(index + 1).catch((error: unknown) => error));
    const errors = await Promise.all(calls);
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledTimes(1));
    expect(errors.every((error) => error instanceof api.ApiError && error.status === 401)).toBe(true);
    expect(logouts).toBe(1);
    expect(published.filter(({ eventName }) => eventName === 'logout')).toHaveLength(1);
  });

  it('takes the public user (no id_user) for a visitor without a session, and leaves them alone', async () => {
    const { api, redirect } = await load();
    server.use(mock.get('*/ms_accounts/user', () => HttpResponse.json({ base: 'public' })));
    await expect(api.getCurrentUser()).resolves.toBeNull();
    expect(redirect).not.toHaveBeenCalled();
    expect(logouts).toBe(0);
  });

  it('logs out on a 401 even when the page knew no user: the session ended before it loaded', async () => {
    const { useAuthStore, api, redirect } = await load();
    localStorage.setItem('anything', '1');
    server.use(mock.get('*/ms_accounts/user', () => HttpResponse.json({ message: 'Authentication required' }, { status: 401 })));
    await expect(api.getCurrentUser()).rejects.toMatchObject({ status: 401 });
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('/public/login'));
    expect(useAuthStore.getState().status).toBe('anonymous');
    expect(localStorage.length).toBe(0);
    expect(logouts).toBe(1);
  });

  it.each(['login', 'login_with_code', 'login_with_google'])('does not log out on a 401 from the %s call itself', async (call) => {
    const { api, redirect } = await load();
    server.use(mock.post(`*/ms_accounts/auth/${call}`, () => HttpResponse.json({ message: 'No' }, { status: 401 })));
    const payloads = {
      login: () => api.logIn({ username: 'a', password: 'b' }),
      login_with_code: () => api.logInWithCode({ access_code: 'C', id_school_customer: 1 }),
      login_with_google: () => api.logInWithGoogle({ code: 'g', hubspotUserToken: null }),
    } as const;
    await expect(payloads[call as keyof typeof payloads]()).rejects.toMatchObject({ status: 401 });
    expect(redirect).not.toHaveBeenCalled();
    expect(logouts).toBe(0);
  });

  it('logs out with "Please re-authenticate" on a 403 answered for another user', async () => {
    const { useAuthStore, api, redirect } = await load();
    signIn(useAuthStore, 7);
    server.use(
      mock.get('*/ms_accounts/users/:id', () =>
        HttpResponse.json({ message: "You don't have permission to do that", id_user: 8 }, { status: 403 }),
      ),
    );
    await expect(api.getUser(9)).rejects.toMatchObject({ status: 403, id_user: 8 });
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('/public/login'));
    expect(sessionStorage.getItem(api.LOGOUT_MESSAGE_KEY)).toBe('Please re-authenticate');
  });

  it('keeps the session on a 403 for the same user', async () => {
    const { useAuthStore, api, redirect } = await load();
    signIn(useAuthStore, 7);
    server.use(
      mock.get('*/ms_accounts/users/:id', () =>
        HttpResponse.json({ message: "You don't have permission to do that", id_user: 7 }, { status: 403 }),
      ),
    );
    await expect(api.getUser(9)).rejects.toMatchObject({ status: 403 });
    expect(redirect).not.toHaveBeenCalled();
    expect(useAuthStore.getState().status).toBe('authenticated');
  });
});
