'use client';

import { ErrorState } from '@/components/ui/ErrorState';
import { ErrorText } from '@/components/ui/ErrorText';
import { RenderNowProvider } from '@/components/ui/RenderNow';
import { Time } from '@/components/ui/Time';
import { toAppError } from '@/lib/errors';
import type { LifecycleView } from '@/lib/views/lifecycle-types';
import { RemovalSection } from './RemovalSection';
import { UpgradeSection } from './UpgradeSection';
import { useLifecycle } from './useLifecycle';

/** The runbook's "Upgrading and removing the app": the check after an upgrade, then what a removal leaves. */
export function LifecyclePage({ initial }: { initial?: LifecycleView }) {
  const lifecycle = useLifecycle(initial);
  const data = lifecycle.data;
  if (!data) {
    return lifecycle.error ? <ErrorState error={toAppError(lifecycle.error)} /> : <p className="text-zinc-500">Reading the cluster…</p>;
  }
  return (
    <RenderNowProvider agreed={data.readAt}>
      <div className="space-y-6">
        {lifecycle.error && (
          <ErrorText as="p" data-testid="refresh-error">
            The last refresh failed ({lifecycle.error.message}); showing the read of <Time at={data.readAt} />.
          </ErrorText>
        )}
        <UpgradeSection view={data} />
        <RemovalSection view={data} />
      </div>
    </RenderNowProvider>
  );
}
