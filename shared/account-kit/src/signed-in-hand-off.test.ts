import { beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@entry/api';
import { handOffGoogleSignIn, handOffSignedIn, signedInHref } from './signed-in-hand-off.ts';

describe('the signed-in hand-off', () => {
  const redirect = vi.fn();
  beforeEach(() => {
    redirect.mockReset();
    configureApi({ redirect });
  });

  it('loads the site root, or /?redirect= with the checked path (SPEC section 4)', () => {
    expect(signedInHref(null)).toBe('/');
    expect(signedInHref('/app?x=1')).toBe('/?redirect=%2Fapp%3Fx%3D1');
    handOffSignedIn('/public/taster/oakwood');
    expect(redirect).toHaveBeenCalledWith('/?redirect=%2Fpublic%2Ftaster%2Foakwood');
  });

  it('sends Google sign-in to its redirect itself, or to /', () => {
    handOffGoogleSignIn('/parent/dashboard');
    handOffGoogleSignIn(null);
    expect(redirect.mock.calls).toEqual([['/parent/dashboard'], ['/']]);
  });
});
