import { formatDuration, MiB } from '@/lib/domain';
import type { PodMemory } from '@/lib/views/pod-memory-types';
import { Memory } from '@/components/ui/Memory';

// The container's own working set beside its request, read from Prometheus while the rest of the pod page is
// already shown: these are awaited inside <Suspense>, so a slow or absent Prometheus holds only this column.

interface Props {
  memory: Promise<PodMemory>;
  container: string;
  request: number | null;
  now: Date;
}

/** Newest sample and the window's p90 of one container, and whether the p90 fits in the request. */
export async function WorkingSet({ memory, container, request, now }: Props) {
  const read = await memory;
  if (!read.ok) return <span className="text-zinc-600">not read (see above)</span>;
  const days = Math.round((read.value.end - read.value.start) / 86400);
  const set = read.value.containers[container];
  if (!set?.latest || set.p90Mi === null) return <span className="text-zinc-600">no samples in {days} days</span>;
  const p90 = set.p90Mi * MiB;
  return (
    <div data-testid="working-set" data-latest={set.latest.bytes} data-p90-mi={set.p90Mi}>
      <div>
        <Memory bytes={set.latest.bytes} /> latest{' '}
        <span className="text-zinc-600">({formatDuration(now.getTime() - set.latest.at * 1000)} ago)</span>
      </div>
      <div>
        <Memory bytes={p90} /> this pod&apos;s p90, {days} days
      </div>
      {request !== null && (
        <div className={p90 > request ? 'font-medium text-amber-800' : 'text-zinc-600'} data-testid="fits">
          {p90 > request ? "this pod's p90 above its request" : "this pod's p90 within its request"}
        </div>
      )}
    </div>
  );
}

/** Why the working set is not shown (Prometheus down, slow, refusing), said once above the containers. */
export async function WorkingSetProblem({ memory }: { memory: Promise<PodMemory> }) {
  const read = await memory;
  if (read.ok) return null;
  return (
    <p className="rounded border border-amber-200 bg-amber-50 p-2" role="status" data-testid="working-set-problem">
      Working set not shown: {read.error.message}
    </p>
  );
}
