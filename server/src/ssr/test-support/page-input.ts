import type { PageInput } from '../composition-protocol.ts';

/** What the pool is given for a page: a signed-out visitor's, at `url`, with an empty registry. */
export const pageInput = (url: string): PageInput => ({
  url,
  visitorId: 'visitor-1',
  user: null,
  sessionEnded: false,
  visitor: { cookies: '', eu: null, country: null },
  registry: {},
  site: { origin: 'http://localhost' },
});
