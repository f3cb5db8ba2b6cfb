import type { Event, RequestEventData } from '@sentry/browser';
import { scrubBreadcrumb } from './before-breadcrumb.ts';
import { scrubData } from './scrub-data.ts';
import { scrubText } from './scrub-text.ts';
import { FILTERED, isSensitiveKey } from './sensitive-keys.ts';

type QueryString = NonNullable<RequestEventData['query_string']>;

/** Sentry also accepts the query string as `[key, value]` pairs, where no key is a property name. */
const scrubQueryString = (query: QueryString): QueryString =>
  Array.isArray(query)
    ? query.map(([key, value]): [string, string] => [key, isSensitiveKey(key) ? FILTERED : scrubText(value)])
    : scrubData(query);

const scrubRequest = ({ cookies, query_string, ...request }: RequestEventData): RequestEventData => ({
  ...scrubData(request),
  ...(query_string === undefined ? {} : { query_string: scrubQueryString(query_string) }),
  // Cookie names say nothing about which one holds the session, so no value is sent.
  ...(cookies === undefined
    ? {}
    : { cookies: Object.fromEntries(Object.keys(cookies).map((name) => [name, FILTERED])) }),
});

const scrubIfString = (text: string | undefined): string | undefined => (text === undefined ? text : scrubText(text));

/**
 * A copy of the event with credentials filtered from everything the app or the browser can put text
 * in: message, exception values, breadcrumbs, request, extra, contexts, tags and transaction name.
 */
export const scrubEvent = <T extends Event>(event: T): T => ({
  ...event,
  ...(event.message === undefined ? {} : { message: scrubText(event.message) }),
  ...(event.logentry === undefined
    ? {}
    : {
        logentry: {
          ...event.logentry,
          message: scrubIfString(event.logentry.message),
          params: scrubData(event.logentry.params),
        },
      }),
  ...(event.exception === undefined
    ? {}
    : {
        exception: {
          ...event.exception,
          values: event.exception.values?.map((exception) => ({ ...exception, value: scrubIfString(exception.value) })),
        },
      }),
  ...(event.breadcrumbs === undefined ? {} : { breadcrumbs: event.breadcrumbs.map(scrubBreadcrumb) }),
  ...(event.request === undefined ? {} : { request: scrubRequest(event.request) }),
  ...(event.extra === undefined ? {} : { extra: scrubData(event.extra) }),
  ...(event.contexts === undefined ? {} : { contexts: scrubData(event.contexts) }),
  ...(event.tags === undefined ? {} : { tags: scrubData(event.tags) }),
  ...(event.transaction === undefined ? {} : { transaction: scrubText(event.transaction) }),
});
