import { QueryClient } from '@tanstack/react-query';
import { QUERY_REFETCH_ON_WINDOW_FOCUS, QUERY_STALE_TIME_MS } from '@entry/constants';

/** SPEC section 9: data is fresh for 30 s and not refetched when the window regains focus. */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_TIME_MS,
        refetchOnWindowFocus: QUERY_REFETCH_ON_WINDOW_FOCUS,
        // The HTTP client already retries GETs (SPEC section 7); a second layer would multiply them.
        retry: false,
      },
      mutations: { retry: false },
    },
  });

/** The page's one client, shared by the shell and every remote through this singleton package. */
export const queryClient = createQueryClient();
