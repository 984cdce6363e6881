import type { RowChange } from '@/lib/domain';
import { workloadPath } from '@/lib/routes';
import { ClusterLink } from '@/components/shell/ClusterName';

/** The workloads that would lose rows: their next pods get no request from the table until a later run measures them. */
export function GoneWorkloads({ gone }: { gone: RowChange[] }) {
  if (gone.length === 0) return null;
  const byWorkload = new Map<string, RowChange[]>();
  for (const change of gone) {
    const key = `${change.namespace}/${change.workload}`;
    byWorkload.set(key, [...(byWorkload.get(key) ?? []), change]);
  }
  return (
    <section className="rounded border-2 border-amber-500 bg-amber-50 p-3" data-testid="gone-workloads">
      <h2 className="font-semibold text-amber-950">
        {byWorkload.size} workload{byWorkload.size === 1 ? '' : 's'} would lose {gone.length} row{gone.length === 1 ? '' : 's'}
      </h2>
      <p className="text-amber-950">
        Their next pods are admitted without a row: they keep the request their manifest gives, their limit, or none.
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {[...byWorkload].slice(0, 500).map(([key, changes]) => (
          <li key={key} className="font-mono" data-testid="gone-workload">
            {changes[0]!.workload ? <ClusterLink href={workloadPath(changes[0]!.namespace, changes[0]!.workload)}>{key}</ClusterLink> : key}{' '}
            <span className="text-zinc-600">({changes.map((c) => c.container || c.key).join(', ')})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
