import { BASE_PATH, createBrowserRouter, getHref, Link, type RemoteName, type RouteIdOwnedBy, routeIdsOwnedBy, RouterProvider, routeTable } from '@entry/routes';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, Box, Flex, Heading, Link as UiLink } from '@entry/ui';

/** A remote's screens alone, under the same base path and routes as in the shell. */
export const renderStandalone = <R extends RemoteName>(
  remote: R,
  screens: Record<RouteIdOwnedBy<R>, ComponentType>,
) => {
  const ids = routeIdsOwnedBy(remote);
  const Index = () => (
    <Box p="4">
      <Heading as="h1">{remote}</Heading>
      <Flex asChild direction="column" gap="1" mt="3">
        <ul>
          {ids.map((id) => (
            <li key={id}>
              <UiLink asChild>
                <Link to={getHref(id, sampleParams)}>{routeTable[id].path}</Link>
              </UiLink>
            </li>
          ))}
        </ul>
      </Flex>
    </Box>
  );
  const router = createBrowserRouter(
    [
      ...ids.map((id) => {
        const Screen: ComponentType = screens[id];
        return { path: routeTable[id].path, element: <Screen /> };
      }),
      { path: '*', element: <Index /> },
    ],
    { basename: BASE_PATH },
  );
  createRoot(document.getElementById('root') as HTMLElement).render(
    <AppProviders brand={import.meta.env.PUBLIC_BRAND === 'quest' ? 'quest' : 'atom'}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
};

/** Example values so every route of the remote can be opened from the index. */
const sampleParams = {
  email: null,
  token: 'sample-token',
  magic_access_code: null,
  access_code: 'SAMPLE1',
  locale: null,
  school_exam_slug: 'sample-school',
  id_exam_group: '1',
  id_exam_config: '1',
  exam_slug: 'sample-exam',
};
