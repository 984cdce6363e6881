import type { PartError } from '@/lib/domain';
import type { ErrorCode } from '@/lib/errors';
import { ErrorBox } from '@/components/ui/ErrorBox';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

const TITLES: Record<ErrorCode, string> = {
  'invalid-name': 'Not a valid Kubernetes name',
  'bad-request': 'Bad request',
  unauthorized: "The cluster does not accept memdash's credential",
  'sign-in-ended': 'Your sign-in has ended: reload the page to renew it',
  forbidden: 'The cluster refused',
  withheld: 'Not yours to read',
  'not-found': 'Not found',
  'method-not-allowed': 'Method not allowed',
  'too-large': 'Too large',
  'length-required': 'Length required',
  misdirected: 'Not a host memdash answers',
  'too-many-requests': 'Too many requests: try again shortly',
  conflict: 'The cluster refused: conflict',
  'unsupported-media-type': 'Not JSON',
  invalid: 'The cluster refused the object as invalid',
  unreachable: 'Cluster unreachable',
  busy: 'memdash is busy: try again in a few seconds',
  'cluster-error': 'The API server answered with an error',
  internal: 'memdash failed',
};

const HINTS: Partial<Record<ErrorCode, string>> = {
  unreachable:
    'memdash reads with KUBECONFIG (or ~/.kube/config, or the in-cluster service account) and MEMDASH_KUBE_CONTEXT. ' +
    'If kubectl cannot reach the API server either, see the runbook: pods may not be created, or the apiserver VIP is down.',
  forbidden: "This is the cluster's RBAC answering for memdash's read credential; memdash shows it as it came.",
  unauthorized: 'The read credential is expired or revoked: renew the kubeconfig memdash runs with.',
  withheld:
    'You are signed in; what the cluster lets you read (its RBAC, asked for you) does not include this. Ask for a ' +
    'RoleBinding, or sign in as someone who may read it.',
};

/**
 * A failed read shown as what it is, with the cluster's own words, never as a blank page. `page`: it is the whole
 * page, so its title is the page's h1 (a page without one is unnamed to a screen reader's list of headings).
 */
export function ErrorState({ error, title, page = false }: { error: PartError; title?: string; page?: boolean }) {
  const hint = HINTS[error.code];
  return (
    <ErrorBox data-testid="error-state" data-error={error.code}>
      <ErrorText as={page ? 'h1' : 'h2'} deep className="text-base font-semibold">
        {title ?? TITLES[error.code]}
      </ErrorText>
      <ErrorText as="p" deep className="mt-1 font-mono break-words">
        {error.message}
      </ErrorText>
      {hint && <p className="mt-2 text-zinc-700">{hint}</p>}
      <p className="mt-2">
        <ClusterLink href="/pods">Find a pod</ClusterLink> · <ClusterLink href="/">Home</ClusterLink>
      </p>
    </ErrorBox>
  );
}
