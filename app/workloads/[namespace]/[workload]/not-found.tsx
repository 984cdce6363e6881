'use client';

import { Link } from '@/components/ui/Link';
import { useParams } from 'next/navigation';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { podsInNamespaceHref, segmentAsTyped } from '@/lib/routes';
import { ErrorText } from '@/components/ui/ErrorText';

/** "No such workload", with the name as typed and where to look instead. */
export default function WorkloadNotFound() {
  const params = useParams<{ namespace: string; workload: string }>();
  const [namespace, workload] = [segmentAsTyped(params.namespace), segmentAsTyped(params.workload)];
  return (
    <ErrorBox data-testid="error-state" data-error="not-found">
      <ErrorText as="h1" deep className="text-base font-semibold">
        No such workload
      </ErrorText>
      <p className="mt-1 font-mono">
        {namespace}/{workload}
      </p>
      <p className="mt-2 text-zinc-700">
        No pod of it runs now and the table holds no row for it (or the name is not one Kubernetes allows). Press{' '}
        <kbd className="rounded border border-zinc-300 px-1 font-mono text-xs">Ctrl K</kbd> and type part of its name to find it, or see{' '}
        <Link href="/workloads">the workloads in the table</Link> and{' '}
        <Link href={podsInNamespaceHref(namespace)}>the pods in {namespace}</Link>.
      </p>
    </ErrorBox>
  );
}
