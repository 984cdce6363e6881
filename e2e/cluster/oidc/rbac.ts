// What the provider's groups may do, bound the way a team would: the dashboard's read role (memdash-viewer, from
// scenario/rbac.ts) in namespace shop for `shop-team`, cluster-wide for `platform`; `no-rights` gets nothing;
// `platform-operators` get what the harness's `operator` user (the runbook's prd-write) has, for writes as themselves.
const VIEWER = { kind: 'ClusterRole', name: 'memdash-viewer' } as const;

const binding = (
  kind: 'RoleBinding' | 'ClusterRoleBinding',
  name: string,
  group: string,
  namespace?: string,
  role: { kind: 'Role' | 'ClusterRole'; name: string } = VIEWER,
) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}) },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', ...role },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: group }],
});

export function oidcRbacObjects(): object[] {
  return [
    // a RoleBinding to a ClusterRole grants its namespaced rules in that namespace only
    binding('RoleBinding', 'oidc-shop-team-read', 'shop-team', 'shop'),
    binding('ClusterRoleBinding', 'oidc-platform-read', 'platform'),
    // the three bindings of `operator` in scenario/rbac.ts, to the group
    binding('ClusterRoleBinding', 'oidc-platform-operators-read', 'platform-operators'),
    binding('RoleBinding', 'oidc-platform-operators-write', 'platform-operators', 'kyverno-prd', {
      kind: 'Role',
      name: 'memdash-operator',
    }),
    binding('ClusterRoleBinding', 'oidc-platform-operators-write', 'platform-operators', undefined, {
      kind: 'ClusterRole',
      name: 'memdash-operator',
    }),
  ];
}
