import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The network of this remote's unit tests: every request must be answered by a test's handler. */
export const network = setupServer();

export const startNetwork = () => {
  // MSW 3's name for onUnhandledRequest: an unanswered request fails the test.
  beforeAll(() => network.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => network.resetHandlers());
  afterAll(() => network.close());
  return network;
};

/** Records every request the code under test makes. */
export const recordRequests = () => {
  const requests: Request[] = [];
  network.events.on('request:start', ({ request }) => {
    requests.push(request.clone());
  });
  return requests;
};
