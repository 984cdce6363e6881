'use client';

import { ErrorBox } from '@/components/ui/ErrorBox';
import { ErrorText } from '@/components/ui/ErrorText';
import { Button } from '@/components/ui/Button';

// Anything a page did not turn into a state of its own. Production hides server messages, so the digest is what
// to look for in memdash's log.
export default function PageError({ error, retry }: { error: unknown; retry: () => void }) {
  const digest = (error as { digest?: string } | null)?.digest;
  return (
    <ErrorBox data-testid="error-state" data-error="internal">
      <ErrorText as="h1" deep className="text-base font-semibold">
        memdash failed to render this page
      </ErrorText>
      {digest && <p className="mt-1 font-mono">digest {digest} (search memdash&apos;s log for it)</p>}
      <Button look="white" type="button" onClick={() => retry()} className="mt-2">
        Try again
      </Button>
    </ErrorBox>
  );
}
