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
export { SCREENS_EXPOSE, type RemoteScreens } from './remote-contract.ts';
export * from './router.ts';
