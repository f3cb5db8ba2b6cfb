import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { addTranslations } from '@entry/i18n';
import { BASE_PATH, createBrowserRouter, RouterProvider } from '@entry/routes';
import { AppProviders } from '@entry/ui';
import { registrationTexts } from '../locales/en-gb.ts';

addTranslations('registration', registrationTexts);

/**
 * Renders one screen at `url` (under /public) the way the shell does, in a browser router over
 * jsdom's history, so reloads can be imitated by rendering again at the same URL. Anything else
 * renders "Elsewhere: <path>".
 */
export const renderScreen = (screen: ReactElement, { path, url }: { path: string; url: string }) => {
  window.history.replaceState(null, '', `${BASE_PATH}${url}`);
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
