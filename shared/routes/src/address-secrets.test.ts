import { describe, expect, it } from 'vitest';
import { addressCarriesSecret, findAddressSecrets, routeIdOf, secretRouteOf } from './address-secrets.ts';

describe('address secrets', () => {
  it.each([
    ['/reset/t0k3n/staff', '', { token: 't0k3n' }, '/reset/-/staff'],
    ['/reset/t0k3n', '', { token: 't0k3n' }, '/reset/-'],
    ['/reset/t0k3n/ABC123', '', { token: 't0k3n', magic_access_code: 'ABC123' }, '/reset/-'],
    ['/magic/ABC123', '', { access_code: 'ABC123' }, '/magic/-'],
    ['/report/ABC123', '', { access_code: 'ABC123' }, '/report'],
    ['/assessments/entrance-2027/CODE42', '?x=1', { access_code: 'CODE42' }, '/assessments/entrance-2027?x=1'],
    ['/invitation', '?token=invite-me&utm=mail', { token: 'invite-me' }, '/invitation?utm=mail'],
  ])('%s%s carries %o and shows as %s', (path, search, secrets, cleanPath) => {
    expect(findAddressSecrets(path, search)).toMatchObject({ secrets, cleanPath });
    expect(addressCarriesSecret(cleanPath.split('?')[0]!, cleanPath.includes('?') ? `?${cleanPath.split('?')[1]}` : '')).toBe(false);
  });

  it.each([['/login'], ['/reset/-/staff'], ['/magic/-'], ['/report'], ['/assessments/entrance-2027'], ['/invitation'], ['/taster/oakwood']])(
    '%s carries none',
    (path) => {
      expect(addressCarriesSecret(path)).toBe(false);
    },
  );

  it.each([['/%72eset/t0k3n/staff'], ['/RESET/t0k3n/staff'], ['/Magic/ABC123']])('%s, encoded or in capitals, still carries its secret', (path) => {
    expect(addressCarriesSecret(path)).toBe(true);
  });

  it('knows which routes can carry a secret at all', () => {
    expect(secretRouteOf('/reset/-/staff')).toBe('resetStaff');
    expect(secretRouteOf('/invitation')).toBe('invitation');
    expect(secretRouteOf('/login')).toBeUndefined();
    expect(secretRouteOf('/oakwood-entrance')).toBeUndefined();
  });
});

describe('routeIdOf', () => {
  it('gives the same route for a path asked again, and after many made-up paths', () => {
    expect(routeIdOf('/login')).toBe('login');
    expect(routeIdOf('/login')).toBe('login');
    expect(routeIdOf('/magic/abc-123')).toBe('magic');
    for (let path = 0; path < 1500; path += 1) expect(routeIdOf(`/made/up/${path}/x`)).toBeUndefined();
    expect(routeIdOf('/magic/abc-123')).toBe('magic');
    expect(routeIdOf('/register/parent')).toBe(routeIdOf('/register/parent'));
  });
});
