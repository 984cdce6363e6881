import 'server-only';
import type { V1ResourceAttributes } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { identityIn } from '@/lib/cluster/identity';
import { settings, type Settings } from '@/lib/config';
import type { Identity } from '@/lib/auth/session';
import type { Rights } from '@/lib/domain/rights';
import { rightsChecks, subjectAccessReviews } from '@/lib/metrics/metrics';
import { sharedInFlight } from '@/lib/shared-in-flight';

// What a signed-in person may read, asked of the API server as SubjectAccessReviews for their user and groups with
// memdash's own credential (its ServiceAccount may create those and nothing more of the kind). The answer is kept
// for MEMDASH_RIGHTS_TTL_SECONDS per person, and asked once however many of their requests arrive meanwhile. Each
// asking (a rights check) and each review are counted on /metrics by cluster alone: no person's name becomes a series.

type Ask = (attributes: V1ResourceAttributes) => Promise<boolean>;

function askerFor(cluster: Cluster, who: Identity): Ask {
  const k = cluster.clients();
  return async (attributes) => {
    subjectAccessReviews.inc({ cluster: cluster.name });
    const review = await k.authorization.createSubjectAccessReview({
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: { user: who.user, groups: who.groups, resourceAttributes: attributes },
      },
    });
    return review.status?.allowed === true && review.status.denied !== true;
  };
}

/**
 * Their rights: `list pods` everywhere, or else in each of `namespaces` (the ones memdash knows); `get` the table;
 * `get pods/log` in Kyverno's namespace; the audit group from the settings.
 */
export async function askRights(cluster: Cluster, who: Identity, namespaces: readonly string[]): Promise<Rights> {
  const s = settings();
  const f = cluster.facts;
  rightsChecks.inc({ cluster: cluster.name });
  const ask = askerFor(cluster, identityIn(who, serverMapping(s), cluster.identity));
  const [everywhere, table, kyvernoLogs] = await Promise.all([
    ask({ verb: 'list', resource: 'pods' }),
    ask({ verb: 'get', resource: 'configmaps', namespace: f.kyvernoNamespace, name: f.tableConfigMap }),
    ask({ verb: 'get', resource: 'pods', subresource: 'log', namespace: f.kyvernoNamespace }),
  ]);
  const pods = everywhere ? 'all' : await namespacesAllowed(ask, namespaces);
  // the audit group is memdash's own (its audit log), named by the provider as memdash names it
  return { pods, table, kyvernoLogs, audit: s.auditGroup !== undefined && who.groups.includes(s.auditGroup) };
}

const serverMapping = (s: Settings) => ({ usernamePrefix: s.oidcUsernamePrefix, groupsPrefix: s.oidcGroupsPrefix });

async function namespacesAllowed(ask: Ask, namespaces: readonly string[]): Promise<string[]> {
  const answers = await Promise.all(namespaces.map((namespace) => ask({ verb: 'list', resource: 'pods', namespace })));
  return namespaces.filter((_, i) => answers[i]);
}

/** The person's key: the same user with other groups is asked again. */
export function identityKey(who: Identity): string {
  return JSON.stringify([who.user, [...who.groups].sort()]);
}

/** `askRights`, kept per cluster and person for the configured time; a failure is not kept. */
export const rightsOf = sharedInFlight(
  (cluster: Cluster, who: Identity, _namespaces: readonly string[]) => `${cluster.name}\n${identityKey(who)}`,
  askRights,
  {
    forMs: settings().rightsTtlSeconds * 1000,
    when: () => true,
  },
);
