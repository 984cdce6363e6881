'use client';

import { Link } from '@/components/ui/Link';
import { useParams } from 'next/navigation';
import { NoSuch } from '@/components/ui/NoSuch';
import { podsInNamespaceHref, segmentAsTyped } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';

/** "No such pod", with the name as typed and where to look instead (the pod may have been replaced); or not theirs. */
export function PodNotFound({ namespaces }: { namespaces: 'all' | readonly string[] }) {
  const cluster = useClusterName();
  const params = useParams<{ namespace: string; pod: string }>();
  const [namespace, pod] = [segmentAsTyped(params.namespace), segmentAsTyped(params.pod)];
  return (
    <NoSuch title="No such pod" namespace={namespace} name={pod} namespaces={namespaces}>
      It does not exist now: it may have been replaced by a newer pod of its workload.{' '}
      <Link href={podsInNamespaceHref(cluster, namespace)}>Pods in {namespace}</Link>
    </NoSuch>
  );
}
