/**
 * The part of React Router the apps use. Apps import it from here, never from 'react-router': a
 * shared package is built whole, so sharing react-router itself would ship all of it (64 KiB gzip)
 * where this subset is tree-shaken once (ADR 003).
 */
export {
  createBrowserRouter,
  data,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchRoutes,
  NavLink,
  Outlet,
  RouterProvider,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
