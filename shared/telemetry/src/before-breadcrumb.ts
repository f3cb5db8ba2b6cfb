import type { Breadcrumb } from '@sentry/browser';
import { scrubData } from './scrub-data.ts';
import { scrubText } from './scrub-text.ts';

/** The real-time channel polls constantly; its breadcrumbs would push every useful one out of the trail. */
export const SOCKET_PATH = '/ms_sockets/socket.io';

const mentionsSocket = (value: unknown): boolean => typeof value === 'string' && value.includes(SOCKET_PATH);

/** Whether a breadcrumb is about the socket channel: a fetch/xhr to it, or a message naming it. */
export const isSocketBreadcrumb = ({ data, message }: Breadcrumb): boolean =>
  mentionsSocket(data?.['url']) || mentionsSocket(message);

/** A copy of the breadcrumb with credentials filtered from its message and data (URLs, bodies, console arguments). */
export const scrubBreadcrumb = (breadcrumb: Breadcrumb): Breadcrumb => ({
  ...breadcrumb,
  ...(breadcrumb.message === undefined ? {} : { message: scrubText(breadcrumb.message) }),
  ...(breadcrumb.data === undefined ? {} : { data: scrubData(breadcrumb.data) }),
});

/** Sentry's `beforeBreadcrumb`: drops socket breadcrumbs, scrubs every other one. */
export const beforeBreadcrumb = (breadcrumb: Breadcrumb): Breadcrumb | null =>
  isSocketBreadcrumb(breadcrumb) ? null : scrubBreadcrumb(breadcrumb);
