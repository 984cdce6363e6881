// What the provider's groups may read, bound the way a team would: the dashboard's read role (memdash-viewer, from
// scenario/rbac.ts) in namespace shop for `shop-team`, cluster-wide for `platform`; `no-rights` gets nothing.
const binding = (kind: 'RoleBinding' | 'ClusterRoleBinding', name: string, group: string, namespace?: string) => ({
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind,
  metadata: { name, ...(namespace ? { namespace } : {}) },
  roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'memdash-viewer' },
  subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'Group', name: group }],
});

export function oidcRbacObjects(): object[] {
  return [
    // a RoleBinding to a ClusterRole grants its namespaced rules in that namespace only
    binding('RoleBinding', 'oidc-shop-team-read', 'shop-team', 'shop'),
    binding('ClusterRoleBinding', 'oidc-platform-read', 'platform'),
  ];
}
