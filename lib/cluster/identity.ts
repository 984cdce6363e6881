// One person as each cluster's API server names them. memdash signs a person in once, and names them with its own
// prefixes (MEMDASH_OIDC_USERNAME_PREFIX, …_GROUPS_PREFIX); a cluster whose API server maps the same provider's claims
// with other prefixes asks its SubjectAccessReviews for the name it knows. Pure: the gate and the write guard use it.
import type { Identity } from '@/lib/auth/session';
import type { IdentityMapping } from './config';

type Prefixes = Pick<IdentityMapping, 'usernamePrefix' | 'groupsPrefix'>;

/** `who`, signed in as memdash names them (`server`), renamed as `cluster` names them. */
export function identityIn(who: Identity, server: Prefixes, cluster: Prefixes): Identity {
  if (server.usernamePrefix === cluster.usernamePrefix && server.groupsPrefix === cluster.groupsPrefix) return who;
  return {
    ...who,
    user: cluster.usernamePrefix + unprefixed(who.user, server.usernamePrefix),
    groups: who.groups.map((g) => cluster.groupsPrefix + unprefixed(g, server.groupsPrefix)),
  };
}

const unprefixed = (name: string, prefix: string) => (prefix && name.startsWith(prefix) ? name.slice(prefix.length) : name);
