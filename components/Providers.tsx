'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { shouldRetry } from '@/lib/query';
import { WriteCredentialProvider } from './write/WriteCredentialProvider';

/** One QueryClient per browser tab, with memdash's retry rule (never retry 4xx, 401/403 included), and the tab's write credential. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <WriteCredentialProvider>{children}</WriteCredentialProvider>
    </QueryClientProvider>
  );
}
