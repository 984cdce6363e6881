import { Suspense } from 'react';
import type { ContainerExplanation } from '@/lib/domain';
import type { PodMemory } from '@/lib/views/pod-memory-types';
import { Memory } from '@/components/ui/Memory';
import { WithTimes } from '@/components/ui/Time';
import { Verdict } from '@/components/ui/Verdict';
import { WorkingSet, WorkingSetProblem } from './WorkingSet';
import { Card } from '@/components/ui/Card';

interface Props {
  containers: ContainerExplanation[];
  /** The containers' working set from Prometheus, still being read when the page is first sent. */
  memory: Promise<PodMemory>;
  now: Date;
}

// On a phone each container is a block of labelled lines instead of a table row, so its sentences wrap at the
// screen's edge rather than being cut at the edge of a sideways-scrolling box.
const CELL =
  'px-2 pt-2 max-sm:flex max-sm:gap-2 max-sm:pt-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-zinc-600 max-sm:before:content-[attr(data-label)]';

/**
 * One block per container (init containers first and marked): its numbers, its verdict, why, and its next pod. The
 * evidence every container shares (the table's write, the registration) is said once, above them.
 */
export function ContainerExplanations({ containers, memory, now }: Props) {
  const shared = containers.length > 1 ? containers[0]!.evidence.filter((line) => containers.every((c) => c.evidence.includes(line))) : [];
  return (
    <>
      {shared.length > 0 && (
        <Card data-testid="shared-evidence">
          <h2 className="font-semibold">For every container of this pod</h2>
          <ul className="mt-1 list-disc pl-5 text-zinc-700">
            {shared.map((line) => (
              <li key={line}>
                <WithTimes text={line} now={now} />
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Suspense fallback={null}>
        <WorkingSetProblem memory={memory} />
      </Suspense>
      <div className="max-w-full overflow-x-auto" tabIndex={0} data-scrolls data-testid="containers-box">
        <ContainerTable containers={containers} shared={shared} memory={memory} now={now} />
      </div>
    </>
  );
}

type TableProps = Omit<Props, 'containers'> & { containers: ContainerExplanation[]; shared: string[] };

function ContainerTable({ containers, ...rest }: TableProps) {
  return (
    <table className="w-full border-collapse rounded border border-zinc-200 bg-white max-sm:block" data-testid="containers">
      <thead className="bg-zinc-100 text-left text-zinc-700 max-sm:sr-only">
        <tr>
          <th className="px-2 py-1">Container</th>
          <th className="px-2 py-1">Request</th>
          <th className="px-2 py-1">Working set</th>
          <th className="px-2 py-1">Limit</th>
          <th className="px-2 py-1">Row</th>
          <th className="px-2 py-1">Verdict</th>
        </tr>
      </thead>
      {containers.map((c) => (
        <ContainerRows key={`${c.init ? 'init' : 'main'}/${c.name}`} container={c} {...rest} />
      ))}
    </table>
  );
}

function ContainerRows({ container: c, shared, memory, now }: Omit<TableProps, 'containers'> & { container: ContainerExplanation }) {
  const own = c.evidence.filter((line) => !shared.includes(line));
  return (
    <tbody className="border-t border-zinc-200 max-sm:block" data-testid="container" data-container={c.name} data-verdict={c.verdict}>
      <tr className="align-top max-sm:block">
        <td className="break-all px-2 pt-2 font-mono font-medium max-sm:block">
          {c.name}
          {c.init && <span className="ml-1 rounded bg-zinc-200 px-1 text-xs font-normal">init</span>}
        </td>
        <td className={CELL} data-label="Request" data-testid="request">
          <Memory bytes={c.request} />
        </td>
        <td className={CELL} data-label="Working set">
          <Suspense fallback={<span className="text-zinc-600">reading Prometheus…</span>}>
            <WorkingSet memory={memory} container={c.name} request={c.request} now={now} />
          </Suspense>
        </td>
        <td className={CELL} data-label="Limit" data-testid="limit">
          <Memory bytes={c.limit} />
        </td>
        <td className={CELL} data-label="Row" data-testid="row">
          <div>
            <Memory bytes={c.row} />
            {c.rowKey && <div className="break-all font-mono text-xs text-zinc-600">{c.rowKey}</div>}
          </div>
        </td>
        <td className={CELL} data-label="Verdict">
          <Verdict code={c.verdict} />
        </td>
      </tr>
      <tr className="max-sm:block">
        <td colSpan={6} className="px-2 pb-2 pt-1 max-sm:block">
          <p data-testid="reason">
            <WithTimes text={c.reason} now={now} />
          </p>
          {own.length > 0 && (
            <ul className="mt-1 list-disc pl-5 text-zinc-700" data-testid="evidence">
              {own.map((line) => (
                <li key={line}>
                  <WithTimes text={line} now={now} />
                </li>
              ))}
            </ul>
          )}
          <p className="mt-1" data-testid="next-pod">
            {/* the sentence names the next pod itself ("Its next pod gets …"); a label would say it twice */}
            {/^its next pod/i.test(c.nextPod) ? c.nextPod : `Next pod: ${c.nextPod}`}
          </p>
        </td>
      </tr>
    </tbody>
  );
}
