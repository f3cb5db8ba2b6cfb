/**
 * Thrown by a screen whose address names nothing (an unknown school or taster): the route's error
 * element shows the not-found screen, and the server answers 404. It has the shape of the router's
 * own error answers (`isRouteErrorResponse`), and keeps it when the server hands it to the browser
 * as JSON with the page.
 */
export class PageNotFound extends Error {
  override name = 'PageNotFound';
  readonly status = 404;
  readonly statusText = 'Not Found';
  readonly internal = false;
  readonly data = null;
}

export const isPageMissing = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { status?: unknown }).status === 404 && 'statusText' in error;
