import { describe, expect, it } from 'vitest';
import { QUERY_STALE_TIME_MS } from '@entry/constants';
import { createQueryClient } from './query-client.ts';

describe('query client', () => {
  it('keeps data fresh for 30 s, does not refetch on focus and leaves retries to the HTTP client', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(QUERY_STALE_TIME_MS).toBe(30_000);
    expect(queries).toMatchObject({ staleTime: 30_000, refetchOnWindowFocus: false, retry: false });
    expect(mutations).toMatchObject({ retry: false });
  });

  it('serves a query from the cache while it is fresh', async () => {
    const client = createQueryClient();
    let calls = 0;
    const fetchUser = () => client.fetchQuery({ queryKey: ['user'], queryFn: async () => ++calls });
    await fetchUser();
    await fetchUser();
    expect(calls).toBe(1);
  });
});
