export { createQueryClient, queryClient } from './query-client.ts';
export { QueryProvider } from './query-provider.tsx';
// The part of TanStack Query the apps use; they import it from here (ADR 003).
export {
  dehydrate,
  hydrate,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type DehydratedState,
  type QueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
