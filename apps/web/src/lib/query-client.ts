import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './api-client';

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (failureCount, error) => isRetryable(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
