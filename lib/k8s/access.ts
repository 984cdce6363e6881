import 'server-only';
import { accessAnswer, type AccessAnswer, type AccessCheck } from '@/lib/domain/access';
import { AppError } from '@/lib/errors';
import type { KubeClients } from './client';

/** Asks the cluster, with the credential the clients act with, whether it may do each thing (SelfSubjectAccessReview). */
export async function accessAnswers(k: KubeClients, checks: readonly AccessCheck[]): Promise<AccessAnswer[]> {
  return Promise.all(
    checks.map(async (check) => {
      const review = await k.authorization.createSelfSubjectAccessReview({
        body: {
          apiVersion: 'authorization.k8s.io/v1',
          kind: 'SelfSubjectAccessReview',
          spec: {
            resourceAttributes: {
              verb: check.verb,
              group: check.group,
              resource: check.resource,
              subresource: check.subresource,
              namespace: check.namespace,
              name: check.name,
            },
          },
        },
      });
      const status = review.status;
      return accessAnswer(check, status?.allowed === true && status.denied !== true, status?.reason || status?.evaluationError || null);
    }),
  );
}

/**
 * Throws 403 unless the credential may do every check: for an action the cluster itself would not refuse (one that
 * writes only memdash's store, or reads first), `consequence` says what was not done.
 */
export async function assertAllowed(k: KubeClients, actor: string, checks: readonly AccessCheck[], consequence: string): Promise<void> {
  const refused = (await accessAnswers(k, checks)).filter((a) => !a.allowed);
  if (refused.length) throw new AppError('forbidden', `${actor} ${refused.map((a) => a.text).join('; ')}: ${consequence}`);
}
