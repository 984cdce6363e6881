import Link from 'next/link';
import type { PodSummary } from '@/lib/views/pods-types';
import { Time } from './Time';
import { podHref, workloadHref } from '@/lib/routes';

/** The pods found, each linked to its explanation and to its workload's page. */
export function PodTable({ pods, now }: { pods: PodSummary[]; now: Date }) {
  if (pods.length === 0) return <p className="text-zinc-600" data-testid="no-pods">No pod matches.</p>;
  return (
    <table className="w-full border-collapse bg-white" data-testid="pod-table">
      <thead className="bg-zinc-100 text-left text-zinc-700">
        <tr>
          <th className="px-2 py-1">Namespace</th>
          <th className="px-2 py-1">Pod</th>
          <th className="px-2 py-1">Workload</th>
          <th className="px-2 py-1">Phase</th>
          <th className="px-2 py-1">Created</th>
        </tr>
      </thead>
      <tbody>
        {pods.map((p) => (
          <tr key={`${p.namespace}/${p.name}`} className="border-t border-zinc-200">
            <td className="px-2 py-0.5 font-mono">{p.namespace}</td>
            <td className="px-2 py-0.5 font-mono">
              <Link href={podHref(p.namespace, p.name)}>{p.name}</Link>
            </td>
            <td className="px-2 py-0.5 font-mono">
              {p.workload ? (
                <Link href={workloadHref(p.namespace, p.workload.name)}>
                  {p.workload.name} <span className="text-zinc-500">{p.workload.kind}</span>
                </Link>
              ) : (
                <span className="text-zinc-500">none</span>
              )}
            </td>
            <td className="px-2 py-0.5">{p.phase}</td>
            <td className="px-2 py-0.5">
              <Time at={p.createdAt} now={now} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
