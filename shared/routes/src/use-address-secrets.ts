import { useEffect, useState, useSyncExternalStore } from 'react';
import { parsePath, useLocation, useNavigate, type DataRouter } from 'react-router';
import { findAddressSecrets, secretRouteOf } from './address-secrets.ts';
import type { RouteId } from './route-table.ts';

const storageKey = (routeId: string) => `entry:address-secrets:${routeId}`;

/** This tab's stored secrets of a route as stored (a string, so React can compare snapshots), or null. */
const readStored = (routeId: string | undefined): string | null => {
  if (!routeId) return null;
  try {
    return sessionStorage.getItem(storageKey(routeId));
  } catch {
    return null;
  }
};

const parse = (stored: string | null): Record<string, string> | null => {
  try {
    return stored ? (JSON.parse(stored) as Record<string, string>) : null;
  } catch {
    return null;
  }
};

/**
 * Hands secrets to another route's screen without putting them in an address: the invitation
 * screen gives sign-up its code this way. The screen finds them with useAddressSecrets.
 */
export const keepAddressSecrets = (routeId: RouteId, secrets: Record<string, string>): void => {
  try {
    sessionStorage.setItem(storageKey(routeId), JSON.stringify(secrets));
  } catch {
    // Without storage the next screen asks for what it needs.
  }
};

/**
 * Keeps secrets out of the tab's history: a navigation inside the app to an address that carries one
 * (a link to /reset/<token>, the reset screen's way on to /magic/<code>) keeps the secret for the tab
 * and goes to the address without it. The address bar never holds it, not even for the moment in
 * which a third-party script already running (the tag manager's history listener) could read it; the
 * screen finds it with useAddressSecrets. A relative target is the router's to resolve and is left
 * as it is: the app reaches every route that can carry a secret by its absolute path (getHref).
 */
export const keepSecretsOutOfHistory = <R extends Pick<DataRouter, 'navigate'>>(router: R): R => {
  const navigate = router.navigate.bind(router) as (to: Parameters<DataRouter['navigate']>[0] | number, opts?: Parameters<DataRouter['navigate']>[1]) => Promise<void>;
  const guarded = (to: Parameters<DataRouter['navigate']>[0] | number, opts?: Parameters<DataRouter['navigate']>[1]): Promise<void> => {
    if (typeof to === 'number' || to === null) return navigate(to, opts);
    const { pathname = '', search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
    const found = pathname.startsWith('/') ? findAddressSecrets(pathname, search) : null;
    if (!found) return navigate(to, opts);
    keepAddressSecrets(found.routeId, found.secrets);
    return navigate(`${found.cleanPath}${hash}`, opts);
  };
  router.navigate = guarded as DataRouter['navigate'];
  return router;
};

const ADDRESS_ONLY = 'entry:addressOnly';

/** A navigation's state marking it as the same screen at a cleaned address, keeping the state it had. */
const addressOnlyState = (state: unknown): Record<string, unknown> =>
  typeof state === 'object' && state !== null ? { ...state, [ADDRESS_ONLY]: true } : { [ADDRESS_ONLY]: true };

/** Whether a location is the same screen as before at a cleaned address: no new screen to focus or announce. */
export const isAddressOnlyChange = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Record<string, unknown>)[ADDRESS_ONLY] === true;

// Storage is read once per render; nothing else in the tab changes these keys while a screen is open.
const noSubscription = () => () => undefined;

export type AddressSecretsState = {
  /** The secrets of this screen's address (reset token, access code, invitation token), by param name. */
  secrets: Record<string, string>;
  /** True while the secrets cannot be known yet: rendering on the server, or hydrating a cleaned address. */
  pending: boolean;
};

/**
 * The secrets of the current address, taken out of the address bar before anything else can see
 * them (ASVS 5.0 V14.2.1; OWASP Forgot Password: no token in Referer or third-party scripts): the
 * first effect stores them for this tab and replaces the address with one without them. A reload
 * of the cleaned address finds them again in this tab's storage; `forget` drops them once used.
 */
export const useAddressSecrets = (): AddressSecretsState & { forget: () => void } => {
  const location = useLocation();
  const navigate = useNavigate();
  // Read from the address alone, so the server renders what the browser hydrates.
  const [fromAddress] = useState(() => findAddressSecrets(location.pathname, location.search));
  const routeId = fromAddress?.routeId ?? secretRouteOf(location.pathname);
  const stored = useSyncExternalStore<string | null | undefined>(
    noSubscription,
    () => readStored(routeId),
    // On the server and while hydrating, storage is unknown.
    () => undefined,
  );

  useEffect(() => {
    if (!fromAddress) return;
    // Private mode without storage: the secret still works in this page, only a reload loses it.
    keepAddressSecrets(fromAddress.routeId, fromAddress.secrets);
    void navigate(`${fromAddress.cleanPath}${location.hash}`, { replace: true, state: addressOnlyState(location.state) });
    // Once, at mount: the address is cleaned the moment the screen is there.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return {
    secrets: fromAddress?.secrets ?? parse(stored ?? null) ?? {},
    pending: !fromAddress && stored === undefined,
    forget: () => {
      try {
        if (routeId) sessionStorage.removeItem(storageKey(routeId));
      } catch {
        // Nothing was stored.
      }
    },
  };
};
