import { Memory } from '@/components/Memory';
import { Verdict } from '@/components/Verdict';
import type { ContainerExplanation, TableVersion } from '@/lib/domain';
import type { WorkloadPod } from '@/lib/views/workload-history-types';

/** The workload's rows in each recorded version, newest first; a cell changes colour where the row changed. */
export function RowsAcrossVersions({ versions, keys }: { versions: TableVersion[]; keys: Array<{ container: string; key: string }> }) {
  const newest = [...versions].reverse();
  return (
    <table className="w-full border-collapse bg-white text-sm" data-testid="rows-across-versions">
      <thead>
        <tr className="border-b text-left">
          <th className="p-1">In force from</th>
          {keys.map((k) => (
            <th key={k.key} className="p-1 font-mono">{k.container}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {newest.map((v, i) => (
          <tr key={v.id} className="border-b">
            <td className="p-1 font-mono">{v.inForceFrom}{v.source === 'import' ? ` (imported)` : ''}</td>
            {keys.map((k) => {
              const value = v.data === null ? 'no table' : (v.data[k.key] ?? '—');
              const before = newest[i + 1];
              const changed = before && (before.data === null ? 'no table' : (before.data[k.key] ?? '—')) !== value;
              return <td key={k.key} className={`p-1 font-mono ${changed ? 'bg-amber-50 font-semibold' : ''}`}>{value}</td>;
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The current pods, each container's request, limit, row and verdict. */
export function WorkloadPods({ namespace, pods }: { namespace: string; pods: WorkloadPod[] }) {
  return (
    <table className="w-full border-collapse bg-white text-sm" data-testid="workload-pods">
      <thead>
        <tr className="border-b text-left">
          <th className="p-1">Pod</th>
          <th className="p-1">Container</th>
          <th className="p-1 text-right">Request</th>
          <th className="p-1 text-right">Limit</th>
          <th className="p-1 text-right">Row now</th>
          <th className="p-1">Verdict</th>
        </tr>
      </thead>
      <tbody>
        {pods.flatMap((pod) =>
          pod.containers.map((c: ContainerExplanation) => (
            <tr key={`${pod.name}/${c.name}`} className="border-b" data-testid="workload-pod" data-pod={pod.name} data-container={c.name}>
              <td className="p-1 font-mono"><a href={`/pods/${namespace}/${pod.name}`}>{pod.name}</a></td>
              <td className="p-1 font-mono">{c.name}{c.init ? ' (init)' : ''}</td>
              <td className="p-1 text-right"><Memory bytes={c.request} /></td>
              <td className="p-1 text-right"><Memory bytes={c.limit} /></td>
              <td className="p-1 text-right"><Memory bytes={c.row} /></td>
              <td className="p-1" title={c.reason}><Verdict code={c.verdict} /></td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
