'use client';

import { Link } from '@/components/ui/Link';
import { useParams } from 'next/navigation';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { podsInNamespaceHref, segmentAsTyped } from '@/lib/routes';
import { ErrorText } from '@/components/ui/ErrorText';

/** "No such pod", with the name as typed and where to look instead (the pod may have been replaced). */
export default function PodNotFound() {
  const params = useParams<{ namespace: string; pod: string }>();
  const [namespace, pod] = [segmentAsTyped(params.namespace), segmentAsTyped(params.pod)];
  return (
    <ErrorBox data-testid="error-state" data-error="not-found">
      <ErrorText as="h1" deep className="text-base font-semibold">
        No such pod
      </ErrorText>
      <p className="mt-1 font-mono">
        {namespace}/{pod}
      </p>
      <p className="mt-2 text-zinc-700">
        It does not exist now: it may have been replaced by a newer pod of its workload.{' '}
        <Link href={podsInNamespaceHref(namespace)}>Pods in {namespace}</Link>
      </p>
    </ErrorBox>
  );
}
