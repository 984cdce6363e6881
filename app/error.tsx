'use client';

import { ErrorBox } from '@/components/ui/ErrorBox';

// Anything a page did not turn into a state of its own. Production hides server messages, so the digest is what
// to look for in memdash's log.
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = (error as { digest?: string } | null)?.digest;
  return (
    <ErrorBox data-testid="error-state" data-error="internal">
      <h1 className="text-base font-semibold text-red-900">memdash failed to render this page</h1>
      {digest && <p className="mt-1 font-mono">digest {digest} (search memdash&apos;s log for it)</p>}
      <button type="button" onClick={() => retry()} className="mt-2 rounded border border-zinc-400 bg-white px-3 py-1 hover:bg-zinc-100">
        Try again
      </button>
    </ErrorBox>
  );
}
