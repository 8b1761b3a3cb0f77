import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { makeQueryClient } from './query-client';

/**
 * The providers the app's pages render inside (app/layouts/query-layout). Kept in lib, not app/,
 * so that tests (testing/render) render inside the very same ones.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(makeQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
