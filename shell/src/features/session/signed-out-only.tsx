import { useEffect, type ReactNode } from 'react';
import { useAuthStore } from '@entry/auth';
import { useTranslation } from '@entry/i18n';
import { safeRedirect, useMatches, useSearchParams, useSite, type RouteId } from '@entry/routes';
import { Flex, Spinner, Text } from '@entry/ui';

/** The ways in: a visitor who is signed in already has nothing to do there. */
const SIGNED_OUT_ONLY: ReadonlySet<string> = new Set<RouteId>(['home', 'login', 'register', 'registerParent', 'registerTutor']);

/** Whether a signed-in visitor is sent on from this route (the server answers such a request with a redirect). */
export const isSignedOutOnly = (routeId: string): boolean => SIGNED_OUT_ONLY.has(routeId);

/**
 * A signed-in visitor who opens the login or a sign-up page goes on to the signed-in apps at `/`, or
 * to the checked redirect they came with, by a full page load that replaces this one in the history.
 */
export const SignedOutOnly = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('shell');
  const user = useAuthStore((state) => state.user);
  const routeId = useMatches().at(-1)?.id;
  const [params] = useSearchParams();
  const { origin } = useSite();
  const target = user && routeId && isSignedOutOnly(routeId) ? (safeRedirect(params.get('redirect'), origin) ?? '/') : null;

  useEffect(() => {
    if (target) window.location.replace(target);
  }, [target]);

  if (!target) return children;
  return (
    <Flex align="center" gap="2" py="6" role="status">
      <Spinner />
      <Text>{t('session.continuing')}</Text>
    </Flex>
  );
};
