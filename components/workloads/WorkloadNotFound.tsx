'use client';

import { Link } from '@/components/ui/Link';
import { useParams } from 'next/navigation';
import { NoSuch } from '@/components/ui/NoSuch';
import { podsInNamespaceHref, segmentAsTyped } from '@/lib/routes';
import { ClusterLink, useClusterName } from '@/components/shell/ClusterName';

/** "No such workload", with the name as typed and where to look instead. */
export function WorkloadNotFound({ namespaces }: { namespaces: 'all' | readonly string[] }) {
  const cluster = useClusterName();
  const params = useParams<{ namespace: string; workload: string }>();
  const [namespace, workload] = [segmentAsTyped(params.namespace), segmentAsTyped(params.workload)];
  return (
    <NoSuch title="No such workload" namespace={namespace} name={workload} namespaces={namespaces}>
      No pod of it runs now and the table holds no row for it (or the name is not one Kubernetes allows). Press{' '}
      <kbd className="rounded border border-zinc-300 px-1 font-mono text-xs">Ctrl K</kbd> and type part of its name to find it, or see{' '}
      <ClusterLink href="/workloads">the workloads in the table</ClusterLink> and{' '}
      <Link href={podsInNamespaceHref(cluster, namespace)}>the pods in {namespace}</Link>.
    </NoSuch>
  );
}
