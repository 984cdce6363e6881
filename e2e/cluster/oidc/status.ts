// What `cluster status` says of the provider: where it is, who can sign in, where the passwords are.
import { ACCOUNTS, CLIENT_IDS, issuerUrl, SCOPES, secretsFile } from './provider.ts';
import { logFile } from '../lib/processes.ts';
import type { ClusterState } from '../lib/state.ts';

export function oidcStatus(current: ClusterState): string {
  const groupsOf = (a: (typeof ACCOUNTS)[number]) =>
    a.groups.length > 3 ? `${a.groups.length} groups` : a.groups.length ? `group ${a.groups.join(', ')}` : 'no groups';
  // columns as wide as their longest entry
  const [nameWidth, groupsWidth] = [Math.max(...ACCOUNTS.map((a) => a.name.length)), Math.max(...ACCOUNTS.map((a) => groupsOf(a).length))];
  const accounts = ACCOUNTS.map((a) => `${a.name.padEnd(nameWidth)}  ${groupsOf(a).padEnd(groupsWidth)}  reads ${a.reads}`);
  return `OpenID       ${issuerUrl(current)}   (our provider, e2e/oidc-provider; log ${logFile('oidc-provider')})
             the API server trusts its ID tokens (audience kubernetes, user = sub, groups = groups)
accounts     ${accounts.join('\n             ')}
             passwords and client secrets: jq . ${secretsFile()}
clients      ${CLIENT_IDS.join(', ')} (confidential, code flow with PKCE; scopes ${SCOPES.join(' ')})`;
}
