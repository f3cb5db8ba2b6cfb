import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import { GET_RETRY_COUNT, GET_RETRY_MIN_STATUS, retryDelayMs } from '@entry/constants';
import { apiContext } from './api-context.ts';
import { ApiError, serverMessage } from './api-error.ts';
import { handleAuthFailure } from './session/auth-failure.ts';

/** SPEC section 7: GET is retried up to 3 times, 2^n seconds after the n-th failure, on 5xx or no answer. */
const SERVER_ERRORS = Array.from({ length: 100 }, (_, index) => GET_RETRY_MIN_STATUS + index);

const CORRELATION_HEADER = 'x-correlation-id';

const toApiError = (error: Error, request: Request): Error => {
  const correlation_id = request.headers.get(CORRELATION_HEADER) ?? '';
  if (isHTTPError(error)) {
    return new ApiError({
      message: serverMessage(error.data) ?? error.response.statusText,
      status: error.response.status,
      correlation_id,
      data: error.data,
      cause: error,
    });
  }
  if (isNetworkError(error) || isTimeoutError(error)) {
    return new ApiError({ message: error.message, status: 0, correlation_id, cause: error });
  }
  return error;
};

/**
 * The origin requests are made on where there is no page (the server renderer): its fetch
 * (apiContext) answers them in-process, whatever the host says.
 */
const SERVER_ORIGIN = 'http://entry.internal';

/** The one HTTP client: every call of the platform goes through it. */
export const http = ky.create({
  // Paths are the site's own; resolving them here keeps the client working where Request has no document.
  baseUrl: globalThis.location?.origin ?? SERVER_ORIGIN,
  fetch: (input, init) => apiContext().fetch(input, init),
  credentials: 'include',
  retry: { limit: GET_RETRY_COUNT, methods: ['get'], statusCodes: SERVER_ERRORS, afterStatusCodes: [], delay: retryDelayMs },
  // An empty answer (204) is no content, not a parse error.
  parseJson: (text) => (text === '' ? undefined : JSON.parse(text)),
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const { releaseId, canary } = apiContext();
        request.headers.set('X-Requested-With', 'XMLHttpRequest');
        request.headers.set(CORRELATION_HEADER, crypto.randomUUID());
        request.headers.set('x-release-id', releaseId);
        request.headers.set('x-canary', String(canary));
      },
    ],
    beforeError: [
      ({ error, request }) => {
        const wrapped = toApiError(error, request);
        if (wrapped instanceof ApiError && apiContext().inBrowser) handleAuthFailure(wrapped, request.url);
        return wrapped;
      },
    ],
  },
});
