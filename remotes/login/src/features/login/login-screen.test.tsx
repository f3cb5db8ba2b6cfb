import { useEffect, type ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApi } from '@entry/api';
import { useAuthStore } from '@entry/auth';
import { addTranslations } from '@entry/i18n';
import { BASE_PATH, createBrowserRouter, RouterProvider } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import { loginTexts } from '../../locales/en-gb.ts';
import { GoogleSignIn } from './google-sign-in.tsx';
import { LoginScreen } from './login-screen.tsx';

addTranslations('login', loginTexts);

// Google's popup cannot open in jsdom: its button here hands back a code at once, as Google would.
vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ children, onScriptLoadSuccess }: { children: ReactNode; onScriptLoadSuccess: () => void }) => {
    useEffect(() => onScriptLoadSuccess(), [onScriptLoadSuccess]);
    return children;
  },
  useGoogleLogin:
    ({ onSuccess }: { onSuccess: (response: { code: string }) => void }) =>
    () =>
      onSuccess({ code: 'a-code-our-server-refuses' }),
}));

const network = setupServer();
// MSW 3's name for onUnhandledRequest: an unanswered request fails the test.
beforeAll(() => network.listen({ onUnhandledFrame: 'error' }));
afterEach(() => network.resetHandlers());
afterAll(() => network.close());

/** The server's captcha requirement: asked for each time, answering `required` as it is then. */
const captchaCheck = { required: false, asked: 0 };

beforeEach(() => {
  vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', 'client.apps.example');
  useAuthStore.setState({ status: 'anonymous', user: null });
  captchaCheck.required = false;
  captchaCheck.asked = 0;
  network.use(
    // SPEC section 7 offers the check by GET only: a POST would be an unhandled request and fail the test.
    mock.get('*/ms_accounts/auth/require-captcha', () => {
      captchaCheck.asked += 1;
      return HttpResponse.json({ requireCaptcha: captchaCheck.required });
    }),
    mock.post('*/event-gateway/publish', () => new HttpResponse(null, { status: 204 })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

/** Full page loads the screen asked for (the signed-in hand-off); jsdom cannot make them. */
const pageLoads: string[] = [];
configureApi({ redirect: (url) => void pageLoads.push(url) });

const open = (search = '') => {
  pageLoads.length = 0;
  window.history.replaceState(null, '', `${BASE_PATH}/login${search}`);
  const router = createBrowserRouter([{ path: '/login', element: <LoginScreen /> }], { basename: BASE_PATH });
  render(
    <AppProviders brand="atom">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return userEvent.setup();
};

const tickbox = () => screen.findByRole('checkbox', { name: 'I’m not a robot' });

describe('the captcha requirement of the login screen (SPEC section 8)', () => {
  it('is asked again after a failed Google sign-in', async () => {
    network.use(
      mock.post('*/ms_accounts/auth/login_with_google', () =>
        HttpResponse.json({ message: 'Google did not accept the sign-in. Please try again.' }, { status: 400 }),
      ),
    );
    const user = open();
    await vi.waitFor(() => expect(captchaCheck.asked).toBe(1));
    expect(screen.queryByRole('checkbox')).toBeNull();
    captchaCheck.required = true;
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google did not confirm your sign-in. Please try again.')).toBeTruthy();
    expect(await tickbox()).toBeTruthy();
    expect(captchaCheck.asked).toBe(2);
  });

  it.each([
    ['is asked again after a failed login', 'Username and password do not match', true],
    ['shows the tickbox when a login is refused for want of it, though the check says no', 'recaptcha missing-input-response', false],
  ])('%s', async (_case, message, checkSaysYes) => {
    network.use(mock.post('*/ms_accounts/auth/login', () => HttpResponse.json({ message }, { status: 400 })));
    const user = open();
    await vi.waitFor(() => expect(captchaCheck.asked).toBe(1));
    captchaCheck.required = checkSaysYes;
    await user.type(screen.getByLabelText(/^Email or username/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await tickbox()).toBeTruthy();
    expect(captchaCheck.asked).toBe(2);
  });
});

describe('where a sign-in goes (SPEC section 4)', () => {
  it('a login is a full page load of /?redirect= with the checked redirect', async () => {
    network.use(mock.post('*/ms_accounts/auth/login', () => HttpResponse.json({ id_user: 6, base: 'parent' })));
    const user = open('?redirect=%2Fapp%3Fx%3D1');
    await user.type(screen.getByLabelText(/^Email or username/), 'parent@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'learning-together-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(pageLoads).toEqual(['/?redirect=%2Fapp%3Fx%3D1']));
  });

  it.each(['//evil.com', '/.//evil.com', '/%2e//evil.com', '/public/../..//evil.com'])('a login with the redirect %s lands on /', async (foreign) => {
    network.use(mock.post('*/ms_accounts/auth/login', () => HttpResponse.json({ id_user: 6, base: 'parent' })));
    const user = open(`?redirect=${encodeURIComponent(foreign)}`);
    await user.type(screen.getByLabelText(/^Email or username/), 'parent@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'learning-together-42');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(pageLoads).toEqual(['/']));
  });

  it('Google sign-in goes to the decoded redirect itself, or to /', async () => {
    network.use(mock.post('*/ms_accounts/auth/login_with_google', () => HttpResponse.json({ id_user: 6, base: 'parent' })));
    let user = open(`?redirect=${encodeURIComponent(encodeURIComponent('/parent/home?tab=1'))}`);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await vi.waitFor(() => expect(pageLoads).toEqual(['/parent/home?tab=1']));
    cleanup();
    user = open(`?redirect=${encodeURIComponent('%2F.%2F%2Fevil.com')}`);
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await vi.waitFor(() => expect(pageLoads).toEqual(['/']));
  });
});

describe('Sign in with Google', () => {
  const renderGoogle = () => {
    window.history.replaceState(null, '', `${BASE_PATH}/login`);
    const element = (
      <>
        <GoogleSignIn rawRedirect={null} onFailure={() => undefined} above={<p>Or</p>} />
        <p>End of the card</p>
      </>
    );
    render(
      <AppProviders brand="quest">
        <RouterProvider router={createBrowserRouter([{ path: '/login', element }], { basename: BASE_PATH })} />
      </AppProviders>,
    );
  };

  it('shows what goes above it (quest’s separator) with the button', async () => {
    renderGoogle();
    expect(await screen.findByRole('button', { name: 'Sign in with Google' })).toBeTruthy();
    expect(screen.getByText('Or')).toBeTruthy();
  });

  it('leaves nothing behind, not even what goes above it, without a Google client', async () => {
    vi.stubEnv('PUBLIC_GOOGLE_CLIENT_ID', '');
    renderGoogle();
    expect(await screen.findByText('End of the card')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with Google' })).toBeNull();
    expect(screen.queryByText('Or')).toBeNull();
  });
});
