import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The network of this package's unit tests: every request must be answered by a test's handler. */
export const server = setupServer();

export const startTestServer = () => {
  // MSW 3's name for onUnhandledRequest: an unanswered request fails the test.
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
};

/** Records every request the code under test makes. */
export const recordRequests = () => {
  const requests: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  return requests;
};
