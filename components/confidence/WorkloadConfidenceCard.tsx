import { Fragment } from 'react';
import { confidenceDays, formatCount, formatMemory, formatRatio, MiB, peakOf, rowKey, spreadOf } from '@/lib/domain';
import type { WorkloadConfidence } from '@/lib/views/row-confidence-types';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { ConfidenceTags, FlagMeanings } from './ConfidenceTags';

const times = (r: number) => `${formatRatio(r)} the p90`;

/**
 * How sure each row of one workload is, measured now from Prometheus over the snapshot's window: the pods and days
 * behind it, the hottest pod's own p90 and the max against the pooled p90, its flags and what they mean.
 */
export async function WorkloadConfidenceCard({
  namespace,
  workload,
  read,
}: {
  namespace: string;
  workload: string;
  read: Promise<WorkloadConfidence>;
}) {
  const part = await read;
  return (
    <Card data-testid="workload-confidence">
      <h2 className="font-semibold">How sure its rows are</h2>
      <p className="text-sm text-zinc-600">
        Measured now from Prometheus as the snapshot job reads it: every pod of {workload} over the window, pooled per container.
      </p>
      {!part.ok ? (
        <ErrorText as="p">Not measured: {part.error.message}</ErrorText>
      ) : (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {Object.entries(part.value.containers).map(([container, c]) => (
            <Fragment key={container}>
              <dt className="font-mono">{rowKey(namespace, workload, container)}</dt>
              <dd data-testid="container-confidence" data-container={container}>
                {c === null ? (
                  <span className="text-zinc-600">no samples in the window: the next table has no row for it</span>
                ) : (
                  <>
                    <span data-testid="confidence-figures">
                      p90 {formatMemory(c.p90Mi * MiB)} from {formatCount(c.pods)} {c.pods === 1 ? 'pod' : 'pods'} over {confidenceDays(c)}{' '}
                      days ({formatCount(c.samples)} samples); hottest pod {c.hottestPod} {formatMemory(c.hottestP90Mi * MiB)} (
                      {times(spreadOf(c))}); max {formatMemory(c.maxMi * MiB)} ({times(peakOf(c))})
                    </span>{' '}
                    <ConfidenceTags confidence={c} />
                    <FlagMeanings confidence={c} />
                  </>
                )}
              </dd>
            </Fragment>
          ))}
        </dl>
      )}
    </Card>
  );
}
