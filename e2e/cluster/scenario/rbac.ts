// The dashboard's two credentials, as production has them: `viewer` (the default kubeconfig: read all the
// dashboard shows, create pods in development for the probe) and `operator` (the runbook's prd-write).
const read = ['get', 'list', 'watch'];

const viewerRules = [
  {
    apiGroups: [''],
    resources: [
      'pods',
      'pods/log',
      'namespaces',
      'nodes',
      'events',
      'configmaps',
      'services',
      'serviceaccounts',
      'replicationcontrollers',
      'resourcequotas',
      'limitranges',
    ],
    verbs: read,
  },
  { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: read },
  { apiGroups: ['apps'], resources: ['deployments', 'replicasets', 'statefulsets', 'daemonsets'], verbs: read },
  { apiGroups: ['batch'], resources: ['jobs', 'cronjobs'], verbs: read },
  { apiGroups: ['policy'], resources: ['poddisruptionbudgets'], verbs: read },
  { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: read },
  {
    apiGroups: ['admissionregistration.k8s.io'],
    resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'],
    verbs: read,
  },
  { apiGroups: ['rbac.authorization.k8s.io'], resources: ['clusterroles'], verbs: read },
  { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: read },
  { apiGroups: ['kyverno.io', 'policies.kyverno.io', 'postgresql.cnpg.io'], resources: ['*'], verbs: read },
];

export function rbacObjects(): object[] {
  const role = (kind: string, name: string, rules: object[], namespace?: string) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}) },
    rules,
  });
  const binding = (kind: string, name: string, roleKind: string, user: string, namespace?: string, roleName = name) => ({
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind,
    metadata: { name, ...(namespace ? { namespace } : {}) },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: roleKind, name: roleName },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
  });
  return [
    role('ClusterRole', 'memdash-viewer', viewerRules),
    binding('ClusterRoleBinding', 'memdash-viewer', 'ClusterRole', 'viewer'),
    binding('ClusterRoleBinding', 'memdash-viewer-operator', 'ClusterRole', 'operator', undefined, 'memdash-viewer'),
    // sign-in: memdash asks what a signed-in person may read, as the chart's ClusterRole lets it (a role of its own:
    // memdash-viewer is also what the test accounts' groups are given)
    role('ClusterRole', 'memdash-access-reviews', [
      { apiGroups: ['authorization.k8s.io'], resources: ['subjectaccessreviews'], verbs: ['create'] },
    ]),
    binding('ClusterRoleBinding', 'memdash-access-reviews', 'ClusterRole', 'viewer'),
    // the probe: a server-side dry run of a pod create in development
    role('Role', 'memdash-probe', [{ apiGroups: [''], resources: ['pods'], verbs: ['create'] }], 'development'),
    binding('RoleBinding', 'memdash-probe', 'Role', 'viewer', 'development'),
    // memdash's replicas on one PostgreSQL: the recorder's Lease (MEMDASH_RECORDER_LEASE=development/memdash-recorder)
    role(
      'Role',
      'memdash-recorder-lease',
      [{ apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['get', 'create', 'update'] }],
      'development',
    ),
    binding('RoleBinding', 'memdash-recorder-lease', 'Role', 'viewer', 'development'),
    // the runbook's prd-write: scale and run the snapshot in kyverno-prd, patch the table
    role(
      'Role',
      'memdash-operator',
      [
        { apiGroups: ['apps'], resources: ['deployments/scale'], verbs: ['get', 'update', 'patch'] },
        { apiGroups: ['batch'], resources: ['jobs'], verbs: ['create'] },
        { apiGroups: [''], resources: ['configmaps'], resourceNames: ['memory-requests'], verbs: ['get', 'patch', 'update'] },
      ],
      'kyverno-prd',
    ),
    binding('RoleBinding', 'memdash-operator', 'Role', 'operator', 'kyverno-prd'),
    // break-glass and the drill (create the saved registration back), rollout restarts anywhere, and the removal's
    // cleanup of what Kyverno leaves (the runbook's delete of its CRDs)
    role('ClusterRole', 'memdash-operator', [
      {
        apiGroups: ['admissionregistration.k8s.io'],
        resources: ['mutatingwebhookconfigurations', 'validatingwebhookconfigurations'],
        verbs: ['delete', 'deletecollection', 'create'],
      },
      { apiGroups: ['apps'], resources: ['deployments', 'statefulsets', 'daemonsets'], verbs: ['patch'] },
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['delete'] },
    ]),
    binding('ClusterRoleBinding', 'memdash-operator', 'ClusterRole', 'operator'),
  ];
}

/** CloudNativePG's Cluster kind, reduced to what the scenario needs (the operator does not run here). */
export function cnpgCrd(): object {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: 'clusters.postgresql.cnpg.io' },
    spec: {
      group: 'postgresql.cnpg.io',
      scope: 'Namespaced',
      names: { kind: 'Cluster', listKind: 'ClusterList', plural: 'clusters', singular: 'cluster' },
      versions: [
        {
          name: 'v1',
          served: true,
          storage: true,
          subresources: { status: {} },
          schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        },
      ],
    },
  };
}
