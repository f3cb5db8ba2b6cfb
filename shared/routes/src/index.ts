export {
  BASE_PATH,
  REMOTE_NAMES,
  getHref,
  routeIds,
  routeIdsOwnedBy,
  routeTable,
  type RemoteName,
  type RouteId,
  type RouteIdOwnedBy,
  type RouteOwner,
  type RouteTable,
} from './route-table.ts';
export { bucketOf, isCanaryVisitor } from './canary-bucket.ts';
export { DIRECT_SCREENS_GLOBAL, DIRECT_SCREENS_SCRIPT, DIRECT_SHARED_GLOBAL, SCREENS_EXPOSE, type Prefetch, type PrefetchTarget, type RemoteScreens } from './remote-contract.ts';
export * from './router.ts';
export {
  addressCarriesSecret,
  findAddressSecrets,
  HIDDEN_SECRET,
  routeIdOf,
  secretRouteOf,
  type AddressSecrets,
} from './address-secrets.ts';
export { isAddressOnlyChange, keepAddressSecrets, keepSecretsOutOfHistory, useAddressSecrets, type AddressSecretsState } from './use-address-secrets.ts';
export { indexedPagePaths, isIndexedPage } from './indexed-pages.ts';
export { appPathPattern } from './app-paths.ts';
export { safeDecodedRedirect, safeRedirect } from './safe-redirect.ts';
export { isPageMissing, PageNotFound } from './page-not-found.ts';
export { SiteProvider, useSite, type Site } from './site.ts';
export { useVisitorCountry, VisitorCountryProvider } from './visitor-country.ts';
