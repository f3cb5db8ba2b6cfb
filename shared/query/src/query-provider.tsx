import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';

/**
 * Wraps a screen that uses queries; every wrapper shares the page's one client and its cache. Inside
 * a client given from outside (the server renderer's, one per request) the screen uses that one.
 */
export const QueryProvider = ({ children }: { children: ReactNode }) =>
  useContext(QueryClientContext) ? children : <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
