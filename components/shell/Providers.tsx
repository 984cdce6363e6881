'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { shouldRetry } from '@/lib/client/query';
import { WriteCredentialProvider } from '@/components/write/WriteCredentialProvider';

/**
 * One QueryClient per browser tab, with memdash's retry rule (never retry 4xx, 401/403 included), and the tab's write
 * credential; `sessionWrites`: a signed-in person may write as themselves (MEMDASH_WRITE_AS_USER=on).
 */
export function Providers({ children, sessionWrites }: { children: ReactNode; sessionWrites: boolean }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: shouldRetry, staleTime: 10_000, refetchOnWindowFocus: false } },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <WriteCredentialProvider sessionWrites={sessionWrites}>{children}</WriteCredentialProvider>
    </QueryClientProvider>
  );
}
