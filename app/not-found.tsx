import { ClusterLink } from '@/components/shell/ClusterName';
import { Link } from '@/components/ui/Link';

// Its "Pods" is the cluster's inside a cluster's pages, and today's /pods (sent on to the default cluster) elsewhere.
export default function NotFound() {
  return (
    <section className="rounded border border-zinc-300 bg-white p-4">
      <h1 className="text-base font-semibold">No such page</h1>
      <p className="mt-1">
        <Link href="/">Home</Link> · <ClusterLink href="/pods">Pods</ClusterLink> · or press Ctrl K to jump to a pod or workload.
      </p>
    </section>
  );
}
