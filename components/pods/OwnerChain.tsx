import type { Explanation } from '@/lib/views/explain-types';
import { workloadPath } from '@/lib/routes';
import { ClusterLink } from '@/components/shell/ClusterName';

/** pod → ReplicaSet → Deployment, with the workload Kyverno derives from it linked to its page. */
export function OwnerChain({ explanation: e }: { explanation: Explanation }) {
  const { namespace } = e.pod;
  return (
    <span data-testid="owner-chain">
      <span className="font-mono">Pod {e.pod.name}</span>
      {e.ownerChain.length === 0 && <span className="text-zinc-600"> (no controller owner)</span>}
      {e.ownerChain.map((link) => (
        <span key={`${link.kind}/${link.name}`}>
          {' → '}
          <span className="font-mono">
            {link.kind} {link.name}
          </span>
          {link.note && <span className="text-zinc-500"> ({link.note})</span>}
        </span>
      ))}
      <span className="mx-2 text-zinc-400">|</span>
      workload:{' '}
      {e.workload ? (
        <ClusterLink href={workloadPath(namespace, e.workload.name)} className="font-mono" data-testid="workload-link">
          {e.workload.kind} {namespace}/{e.workload.name}
        </ClusterLink>
      ) : (
        <span className="text-zinc-600">none</span>
      )}
    </span>
  );
}
