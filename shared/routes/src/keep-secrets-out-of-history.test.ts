import { createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routeIds, routeTable } from './route-table.ts';
import { keepSecretsOutOfHistory } from './use-address-secrets.ts';

const routes = routeIds.map((id) => ({ id, path: routeTable[id].path, element: null }));

const memoryStorage = () => {
  const items = new Map<string, string>();
  return { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value), removeItem: (key: string) => void items.delete(key) };
};

describe('keepSecretsOutOfHistory', () => {
  beforeEach(() => vi.stubGlobal('sessionStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/reset/t0k3n/staff', '/reset/-/staff', 'resetStaff', { token: 't0k3n' }],
    ['/magic/ABC123', '/magic/-', 'magic', { access_code: 'ABC123' }],
    ['/report/ABC123', '/report', 'report', { access_code: 'ABC123' }],
    ['/assessments/entrance-2027/CODE42?x=1#top', '/assessments/entrance-2027?x=1#top', 'assessments', { access_code: 'CODE42' }],
  ])('a navigation to %s goes to %s, the secret kept for the tab', async (to, shown, routeId, secrets) => {
    const router = keepSecretsOutOfHistory(createMemoryRouter(routes, { initialEntries: ['/login'] }));
    await router.navigate(to);
    const { pathname, search, hash } = router.state.location;
    expect(`${pathname}${search}${hash}`).toBe(shown);
    expect(JSON.parse(sessionStorage.getItem(`entry:address-secrets:${routeId}`) ?? 'null')).toEqual(secrets);
  });

  it('leaves other navigations as they are, objects and replacements alike', async () => {
    const router = keepSecretsOutOfHistory(createMemoryRouter(routes, { initialEntries: ['/login'] }));
    await router.navigate({ pathname: '/taster/oakwood', search: '?a=1' }, { replace: true });
    expect(router.state.location).toMatchObject({ pathname: '/taster/oakwood', search: '?a=1' });
    expect(router.state.historyAction).toBe('REPLACE');
    await router.navigate({ pathname: '/magic/XYZ' }, { state: { from: 'reset' } });
    expect(router.state.location).toMatchObject({ pathname: '/magic/-', state: { from: 'reset' } });
  });
});
