import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserRouter, RouterProvider, useAddressSecrets } from '@entry/routes';
import { useHeadingFocus } from './use-heading-focus.ts';

const Screen = ({ title }: { title: string }) => {
  useHeadingFocus('main');
  return (
    <main id="main">
      <h1>{title}</h1>
      <input aria-label="Field" />
    </main>
  );
};

/** A screen whose address carries a secret, which it takes out of the address on mount. */
const SecretScreen = () => {
  useAddressSecrets();
  return <Screen title="Your assessment" />;
};

afterEach(() => {
  document.body.innerHTML = '';
  sessionStorage.clear();
});

const mount = async (initialEntry: string) => {
  window.history.replaceState(null, '', initialEntry);
  const router = createBrowserRouter(
    [
      { path: '/login', element: <Screen title="Log in" /> },
      { path: '/register', element: <Screen title="Create your account" /> },
      { path: '/assessments/:slug/:accessCode?', element: <SecretScreen /> },
    ],
  );
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<RouterProvider router={router} />));
  return { router, root };
};

describe('useHeadingFocus', () => {
  it('takes the focus to the new screen’s h1 after a change of screen, not on the first page', async () => {
    const { router, root } = await mount('/login');
    expect(document.activeElement).toBe(document.body);
    await act(async () => router.navigate('/register'));
    expect(document.activeElement?.textContent).toBe('Create your account');
    act(() => root.unmount());
  });

  it('leaves the focus where it is when a secret is only taken out of the address', async () => {
    const { router, root } = await mount('/assessments/entrance-2027/CODE42');
    expect(router.state.location.pathname).toBe('/assessments/entrance-2027');
    // The same screen at a cleaned address: a field its failure focused would keep the focus.
    expect(document.activeElement).toBe(document.body);
    act(() => root.unmount());
  });
});
