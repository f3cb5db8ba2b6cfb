import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Visitor } from './get-visitor.ts';

const VISITOR_URL = `${window.location.origin}/app-metadata/visitor`;
const GTM_SRC = 'https://www.googletagmanager.com/gtm.js?id=GTM-TEST123';

const server = setupServer();
const visitorRequests: string[] = [];
server.events.on('request:start', ({ request }) => {
  if (request.url === VISITOR_URL) visitorRequests.push(request.url);
});
const visitorIs = (visitor: Visitor) => server.use(http.get(VISITOR_URL, () => HttpResponse.json(visitor)));

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const clearPage = () => {
  for (const name of ['GTMConsentCookie', '__hs_cookie_cat_pref']) document.cookie = `${name}=; Max-Age=0; Path=/`;
  delete window.dataLayer;
  document.head.querySelectorAll('script').forEach((script) => script.remove());
  window.history.replaceState(null, '', '/public/login');
  visitorRequests.length = 0;
};
beforeEach(clearPage);
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

/** The consent store and the tag manager keep page state in their modules: a fresh page each test. */
const renderConsent = async () => {
  vi.resetModules();
  const [{ CookieConsent }, { AppProviders }, { useConsentStore }, { BASE_PATH, createBrowserRouter, RouterProvider }] = await Promise.all([
    import('./cookie-consent.tsx'),
    import('@entry/ui'),
    import('./consent-store.ts'),
    import('@entry/routes'),
  ]);
  const router = createBrowserRouter([{ path: '*', element: <CookieConsent quiet={false} mainId="main" /> }], { basename: BASE_PATH });
  render(
    <AppProviders brand="atom">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return Object.assign(useConsentStore, { router });
};

const savedCookie = () => {
  const value = document.cookie.split('; ').find((pair) => pair.startsWith('GTMConsentCookie='));
  return value && JSON.parse(decodeURIComponent(value.slice('GTMConsentCookie='.length)));
};
const isArguments = (entry: unknown) => Object.prototype.toString.call(entry) === '[object Arguments]';
const consentCommands = () =>
  (window.dataLayer ?? []).filter(isArguments).map((entry) => Array.from(entry as ArrayLike<unknown>));
const lastUpdate = () => consentCommands().filter(([, kind]) => kind === 'update').at(-1)?.[2];

const banner = () => screen.findByRole('region', { name: 'We use cookies' });
const NONE = { necessary: true, analytics: false, advertisement: false, functionality: false };
const ALL = { necessary: true, analytics: true, advertisement: true, functionality: true };

describe('CookieConsent in the EU', () => {
  beforeEach(() => visitorIs({ country: 'FR', eu: true }));

  it('asks with a banner, having denied everything optional to the tag manager', async () => {
    await renderConsent();
    await banner();
    expect(consentCommands()).toEqual([['consent', 'default', expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' })]]);
    expect(savedCookie()).toBeUndefined();
  });

  it('reject all saves only necessary and says so where the banner was, with the focus, until hidden', async () => {
    await renderConsent();
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Reject all' }));
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
    expect(savedCookie()).toEqual(NONE);
    expect(lastUpdate()).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied', security_storage: 'granted' });
    const said = screen.getByRole('region', { name: 'Cookies' });
    expect(said.textContent).toContain('You’ve rejected optional cookies');
    expect(said.contains(document.activeElement)).toBe(true);
    await userEvent.click(within(said).getByRole('button', { name: 'Hide this message' }));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('accept all saves every category and tells the tag manager', async () => {
    await renderConsent();
    await userEvent.click(within(await banner()).getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
    expect(savedCookie()).toEqual(ALL);
    expect(lastUpdate()).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted', ad_user_data: 'granted' });
  });

  it('saving preferences stores the choice, makes it READY and closes the dialog', async () => {
    const user = userEvent.setup();
    await renderConsent();
    await user.click(within(await banner()).getByRole('button', { name: 'Preferences' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cookie preferences' });
    const necessary = within(dialog).getByRole('checkbox', { name: 'Necessary' });
    expect(necessary).toHaveProperty('checked', true);
    expect(necessary).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('checkbox', { name: 'Analytics' })).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Functionality' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save preferences' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
    expect(savedCookie()).toEqual({ ...NONE, functionality: true });
    expect(lastUpdate()).toMatchObject({ functionality_storage: 'granted', analytics_storage: 'denied' });
  });

  it('cancelling the dialog leaves the choice pending', async () => {
    const user = userEvent.setup();
    await renderConsent();
    await user.click(within(await banner()).getByRole('button', { name: 'Preferences' }));
    await screen.findByRole('dialog', { name: 'Cookie preferences' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await banner();
    expect(savedCookie()).toBeUndefined();
  });

  it('hides the banner with ?hideCookieConsentBanner, the choice still pending', async () => {
    window.history.replaceState(null, '', '/public/login?hideCookieConsentBanner');
    const store = await renderConsent();
    await waitFor(() => expect(store.getState().region).toBe('eu'));
    expect(screen.queryByRole('region')).toBeNull();
    expect(consentCommands().map(([, kind]) => kind)).toEqual(['default']);
  });

  it('loads the tag manager only after consent, when a container is configured', async () => {
    vi.stubEnv('PUBLIC_GTM_ID', 'GTM-TEST123');
    await renderConsent();
    const region = await banner();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();

    await userEvent.click(within(region).getByRole('button', { name: 'Accept all' }));
    await waitFor(() => expect(document.querySelector(`script[src="${GTM_SRC}"]`)).not.toBeNull());
    // Consent first, then the container.
    expect(window.dataLayer?.findIndex(isArguments)).toBeLessThan(window.dataLayer?.findIndex((entry) => !isArguments(entry)) ?? -1);
  });

  it('waits to load the tag manager until a reset token has left the address', async () => {
    vi.stubEnv('PUBLIC_GTM_ID', 'GTM-TEST123');
    document.cookie = `GTMConsentCookie=${encodeURIComponent(JSON.stringify(ALL))}; Path=/`;
    window.history.replaceState(null, '', '/public/reset/s3cr3t-t0k3n/staff');
    const { router } = await renderConsent();
    await waitFor(() => expect(lastUpdate()).toMatchObject({ analytics_storage: 'granted' }));
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
    // The reset screen takes the token out of the address (useAddressSecrets).
    await router.navigate('/reset/-/staff', { replace: true });
    await waitFor(() => expect(document.querySelector(`script[src="${GTM_SRC}"]`)).not.toBeNull());
    expect(window.location.href).not.toContain('s3cr3t');
  });

  it('does not load the tag manager for functionality alone', async () => {
    vi.stubEnv('PUBLIC_GTM_ID', 'GTM-TEST123');
    document.cookie = `GTMConsentCookie=${encodeURIComponent(JSON.stringify({ ...NONE, functionality: true }))}; Path=/`;
    await renderConsent();
    await waitFor(() => expect(lastUpdate()).toMatchObject({ functionality_storage: 'granted' }));
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});

describe('CookieConsent elsewhere', () => {
  it('outside the EU grants everything without asking or saving', async () => {
    visitorIs({ country: 'US', eu: false });
    vi.stubEnv('PUBLIC_GTM_ID', 'GTM-TEST123');
    await renderConsent();
    await waitFor(() => expect(lastUpdate()).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(savedCookie()).toBeUndefined();
    expect(document.querySelector(`script[src="${GTM_SRC}"]`)).not.toBeNull();
  });

  it('asks when the country is unknown', async () => {
    visitorIs({ country: null, eu: null });
    await renderConsent();
    await banner();
  });

  it('asks when the lookup fails', async () => {
    server.use(http.get(VISITOR_URL, () => HttpResponse.json({ message: 'Resource not found' }, { status: 404 })));
    await renderConsent();
    await banner();
  });

  it('with a saved choice, applies it and looks nothing up', async () => {
    document.cookie = `GTMConsentCookie=${encodeURIComponent(JSON.stringify(ALL))}; Path=/`;
    await renderConsent();
    await waitFor(() => expect(lastUpdate()).toMatchObject({ analytics_storage: 'granted' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(visitorRequests).toEqual([]);
  });

  it('imports the legacy HubSpot choice into GTMConsentCookie', async () => {
    document.cookie = '__hs_cookie_cat_pref=1:true,2:false,3:true; Path=/';
    await renderConsent();
    await waitFor(() => expect(savedCookie()).toEqual({ ...ALL, advertisement: false }));
    expect(lastUpdate()).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied', functionality_storage: 'granted' });
    expect(screen.queryByRole('region')).toBeNull();
    expect(visitorRequests).toEqual([]);
  });
});

describe('where the consent shows', () => {
  /** The site's consent as the layout mounts it, on a page at `path`. */
  const renderOverlays = async (brand: 'atom' | 'quest', path: string) => {
    window.history.replaceState(null, '', `/public${path}`);
    vi.resetModules();
    const [{ SiteConsent }, { AppProviders }, { createBrowserRouter, RouterProvider }] = await Promise.all([
      import('./cookie-consent.tsx'),
      import('@entry/ui'),
      import('@entry/routes'),
    ]);
    const router = createBrowserRouter([{ path: '*', element: <SiteConsent mainId="main" /> }], { basename: '/public' });
    render(
      <AppProviders brand={brand}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
  };

  beforeEach(() => {
    // The other overlays' calls are not this test's business (handlers added later are matched first).
    server.use(http.get(`${window.location.origin}/*`, () => HttpResponse.json({ message: 'Resource not found' }, { status: 404 })));
    visitorIs({ country: 'FR', eu: true });
  });

  it('shows in atom', async () => {
    await renderOverlays('atom', '/login');
    await banner();
    expect(visitorRequests).toEqual([VISITOR_URL]);
  });

  it.each([
    ['quest', '/login'],
    ['atom', '/assessments/entrance-2026/ABC123'],
  ] as const)('is absent in %s at %s: no banner, no lookup, no tag manager', async (brand, path) => {
    vi.stubEnv('PUBLIC_GTM_ID', 'GTM-TEST123');
    await renderOverlays(brand, path);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'We use cookies' })).toBeNull();
    expect(visitorRequests).toEqual([]);
    expect(window.dataLayer).toBeUndefined();
    expect(document.querySelector('script[src*="googletagmanager"]')).toBeNull();
  });
});
