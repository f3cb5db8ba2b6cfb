import { apiContext, forgetCurrentUser } from '@entry/api';

/**
 * SPEC section 4: a sign-in ends at the site root, where the signed-in apps live (outside /public),
 * or at /?redirect=<path> when a checked redirect came with the visitor.
 */
export const signedInHref = (redirect: string | null): string => (redirect ? `/?redirect=${encodeURIComponent(redirect)}` : '/');

/**
 * Hands a freshly signed-in visitor over with a full page load, so that nothing of the signed-out
 * page (its stores, its cached current user) outlives the sign-in. `redirect` must already be checked.
 */
export const handOffSignedIn = (redirect: string | null): void => {
  forgetCurrentUser();
  apiContext().redirect(signedInHref(redirect));
};

/** Google sign-in goes to its decoded, checked redirect itself, or to / (SPEC section 4). */
export const handOffGoogleSignIn = (redirect: string | null): void => {
  forgetCurrentUser();
  apiContext().redirect(redirect ?? '/');
};
