'use client';

// What the tab's write credential (or, with MEMDASH_WRITE_AS_USER, the signed-in person's own) may do, asked of
// the cluster (SelfSubjectAccessReview) before a button is pressed.
// Usage: const access = useAccess([{ verb: 'create', group: 'batch', resource: 'jobs', namespace: 'kyverno-prd' }]);
//   access.data?.actor, access.data?.answers[i].text ("may create jobs in kyverno-prd")

import { useQuery } from '@tanstack/react-query';
import type { AccessResult } from '@/lib/access-types';
import type { AccessCheck } from '@/lib/domain/access';
import { postWrite, queryKeys } from '@/lib/client/query';
import { useWriteCredential } from './WriteCredentialProvider';
import { useClusterName } from '@/components/shell/ClusterName';
import { clusterHref } from '@/lib/routes';

export function useAccess(checks: readonly AccessCheck[]) {
  const { credential, generation, sessionWrites } = useWriteCredential();
  const cluster = useClusterName();
  return useQuery({
    queryKey: queryKeys.access(cluster, generation, JSON.stringify(checks)),
    queryFn: ({ signal }) => postWrite<AccessResult>(clusterHref(cluster, '/api/access'), { checks }, credential, signal),
    // nothing pasted: the answer is for the signed-in person's own ID token, or why they cannot write as themselves
    enabled: credential !== null || sessionWrites,
    staleTime: 60_000,
  });
}
