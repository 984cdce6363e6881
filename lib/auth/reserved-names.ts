import type { Identity } from './session';

// Names the API server keeps for itself. Its OpenID authenticator is configured to refuse a token that names a
// `system:` user or group (userValidationRules; or a prefix keeps IdP names out of `system:` altogether), because
// `system:masters` is every right and `system:nodes`, `system:serviceaccount:…` are other principals' names. memdash
// asks the access reviews about the person by name with its own credential, and the API server takes a review's
// names as written: so a person whose sign-in names one is refused here, as the API server would refuse their token.
// The names checked are the ones asked about, prefixes applied (MEMDASH_OIDC_USERNAME_PREFIX, _GROUPS_PREFIX).

const RESERVED = 'system:';

/** Why memdash refuses to ask about this person, or null: a user or group in Kubernetes's reserved `system:` names. */
export function reservedNameProblem(who: Identity): string | null {
  const why = 'names reserved for Kubernetes itself, which the API server refuses in a sign-in';
  if (who.user.startsWith(RESERVED))
    return `Your sign-in names you ${quoted(who.user)}: memdash takes no user or group starting "system:" (${why})`;
  const group = who.groups.find((g) => g.startsWith(RESERVED));
  if (group === undefined) return null;
  return (
    `Your sign-in puts you in group ${quoted(group)}: memdash takes no user or group starting "system:" (${why}). ` +
    'Have it removed at your identity provider (with MEMDASH_AUTH=oidc, a groups prefix as the API server has also keeps it out)'
  );
}

/** A name as it is shown back: cut short, and only printable ASCII. */
function quoted(name: string): string {
  return JSON.stringify(name.slice(0, 100).replace(/[^\x20-\x7e]/g, '?'));
}
