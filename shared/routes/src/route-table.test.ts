import { matchRoutes } from './router.ts';
import { describe, expect, it } from 'vitest';
import { getHref, routeIds, routeIdsOwnedBy, routeTable } from './route-table.ts';

const match = (pathname: string) =>
  matchRoutes(
    routeIds.map((id) => ({ id, path: routeTable[id].path })),
    pathname,
  )?.at(-1)?.route.id;

describe('route table', () => {
  it.each([
    ['/', 'home'],
    ['/login', 'login'],
    ['/forgotten', 'forgotten'],
    ['/forgotten/a@b.com', 'forgotten'],
    ['/reset/t0k3n/staff', 'resetStaff'],
    ['/reset/t0k3n', 'reset'],
    ['/reset/t0k3n/ABC123', 'reset'],
    ['/magic/ABC123', 'magic'],
    ['/report', 'report'],
    ['/register', 'register'],
    ['/register/en-us', 'register'],
    ['/register/parent', 'registerParent'],
    ['/register/parent/en-us', 'registerParent'],
    ['/register/tutor', 'registerTutor'],
    ['/invitation', 'invitation'],
    ['/taster/oakwood', 'tasterRoot'],
    ['/taster/oakwood/selection/12', 'tasterSelection'],
    ['/taster/oakwood/test/7', 'tasterTest'],
    ['/assessments/entrance-2027', 'assessments'],
    ['/assessments/entrance-2027/CODE42', 'assessments'],
    ['/oakwood-entrance', 'schoolLanding'],
    ['/demo', 'demo'],
    ['/unsubscribe/newsletter/42', 'unsubscribe'],
    ['/browser-support', 'browserSupport'],
    ['/technical-requirements', 'technicalRequirements'],
    ['/privacy', 'privacy'],
    ['/terms', 'terms'],
    ['/help', 'help'],
  ])('%s is owned by the %s route', (pathname, id) => {
    expect(match(pathname)).toBe(id);
  });

  it('matches no route for a deeper unknown path', () => {
    expect(match('/no/such/page')).toBeUndefined();
  });

  it('gives every route exactly one owner, and each remote at least one route', () => {
    const owned = ['shell', 'login', 'registration', 'taster', 'assessments'].flatMap((owner) =>
      routeIdsOwnedBy(owner as 'shell'),
    );
    expect(owned.sort()).toEqual([...routeIds].sort());
    expect(routeIdsOwnedBy('taster')).toEqual(['tasterRoot', 'tasterSelection', 'tasterTest']);
  });

  it('builds hrefs with and without optional params', () => {
    expect(getHref('forgotten')).toBe('/forgotten');
    expect(getHref('forgotten', { email: 'a@b.com' })).toBe('/forgotten/a@b.com');
    expect(getHref('tasterTest', { school_exam_slug: 'oakwood', id_exam_config: '7' })).toBe(
      '/taster/oakwood/test/7',
    );
  });
});
