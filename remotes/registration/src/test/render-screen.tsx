import type { ReactElement } from 'react';
import { render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { configureApi } from '@entry/api';
import { addTranslations } from '@entry/i18n';
import { BASE_PATH, createBrowserRouter, RouterProvider } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import { registrationTexts } from '../locales/en-gb.ts';

addTranslations('registration', registrationTexts);

/** The full page loads a screen asked for (the signed-in hand-off), oldest first; jsdom cannot make them. */
const loaded: string[] = [];
configureApi({ redirect: (url) => void loaded.push(url) });

/** The full page loads made since the screen was rendered. */
export const pageLoads = (): readonly string[] => [...loaded];

/** Waits for the screen to have left by a full page load to `url` (SPEC section 4: a sign-in ends at /). */
export const expectPageLoad = (url: string) => waitFor(() => expect(loaded).toEqual([url]));

/**
 * Renders one screen at `url` (under /public) the way the shell does, in a browser router over
 * jsdom's history, so reloads can be imitated by rendering again at the same URL. Anything else
 * renders "Elsewhere: <path>".
 */
export const renderScreen = (screen: ReactElement, { path, url }: { path: string; url: string }) => {
  window.history.replaceState(null, '', `${BASE_PATH}${url}`);
  loaded.length = 0;
  const router = createBrowserRouter(
    [
      { path, element: screen },
      { path: '*', element: <Elsewhere /> },
    ],
    { basename: BASE_PATH },
  );
  const view = render(
    <AppProviders brand="atom">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
};

const Elsewhere = () => <p>Elsewhere: {`${window.location.pathname}${window.location.search}`}</p>;
