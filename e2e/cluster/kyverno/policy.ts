// The MutatingPolicy and GlobalContextEntry `memory-requests` as the companion chart would declare them. The local
// cluster has no CEL engine for them: the stand-in (mutation.ts, workload.ts) does what these expressions say.
import { GLOBAL_CONTEXT_ENTRY, NAMESPACE, POLICY, TABLE } from './names.ts';

export function globalContextEntry(): object {
  return {
    apiVersion: 'kyverno.io/v2',
    kind: 'GlobalContextEntry',
    metadata: { name: GLOBAL_CONTEXT_ENTRY, labels: { 'app.kubernetes.io/part-of': 'kyverno' } },
    spec: {
      kubernetesResource: { group: '', version: 'v1', resource: 'configmaps', namespace: NAMESPACE },
      projections: [{ name: 'rows', jmesPath: `[?metadata.name=='${TABLE}'] | [0].data || \`{}\`` }],
    },
  };
}

// Each variable is one step of the runbook's "What it does to pod creation".
const variables = [
  { name: 'rows', expression: `globalContext.Get("${GLOBAL_CONTEXT_ENTRY}", "rows")` },
  { name: 'owner', expression: 'object.metadata.?ownerReferences.orValue([]).filter(o, o.?controller.orValue(false))' },
  {
    name: 'workload',
    expression: [
      "size(variables.owner) == 0 ? (namespaceObject.metadata.name == 'jenkins-prd' && object.metadata.name.matches('^.+-[0-9]+-[a-z0-9-]+$')",
      "  ? object.metadata.name.find('^.+-[0-9]+-').replace(object.metadata.name.find('-[0-9]+-$'), '') : '')",
      ": variables.owner[0].kind == 'ReplicaSet' ? variables.owner[0].name.substring(0, variables.owner[0].name.lastIndexOf('-'))",
      ": variables.owner[0].kind in ['StatefulSet', 'DaemonSet'] ? variables.owner[0].name",
      ": variables.owner[0].kind == 'Job' ? (variables.owner[0].name.matches('-[0-9]+$') ? variables.owner[0].name.substring(0, variables.owner[0].name.lastIndexOf('-')) : variables.owner[0].name)",
      ": variables.owner[0].kind == 'Cluster' && variables.owner[0].apiVersion.startsWith('postgresql.cnpg.io/') ? variables.owner[0].name",
      ": ''",
    ].join('\n'),
  },
  { name: 'prefix', expression: 'namespaceObject.metadata.name + "_" + variables.workload + "_"' },
];

function containerPatch(field: 'containers' | 'initContainers'): string {
  return [
    `object.spec.?${field}.orValue([]).map(c, object.spec.${field}.indexOf(c))`,
    `.filter(i, variables.workload != '' && (variables.prefix + object.spec.${field}[i].name) in variables.rows)`,
    '.map(i, JSONPatch{',
    `  op: "add", path: "/spec/${field}/" + string(i) + "/resources/requests/memory",`,
    `  value: object.spec.${field}[i].?resources.?limits.?memory.hasValue()`,
    `    && quantity(variables.rows[variables.prefix + object.spec.${field}[i].name]).isGreaterThan(quantity(object.spec.${field}[i].resources.limits.memory))`,
    `    ? object.spec.${field}[i].resources.limits.memory : variables.rows[variables.prefix + object.spec.${field}[i].name]})`,
  ].join('\n');
}

export function mutatingPolicy(): object {
  return {
    apiVersion: 'policies.kyverno.io/v1',
    kind: 'MutatingPolicy',
    metadata: { name: POLICY, labels: { 'app.kubernetes.io/part-of': 'kyverno' } },
    spec: {
      failurePolicy: 'Fail',
      autogen: { podControllers: { controllers: [] } },
      evaluation: { admission: { enabled: true }, background: { enabled: false }, mutateExisting: { enabled: false } },
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }] },
      variables,
      mutations: [
        { patchType: 'JSONPatch', jsonPatch: { expression: containerPatch('initContainers') } },
        { patchType: 'JSONPatch', jsonPatch: { expression: containerPatch('containers') } },
      ],
    },
  };
}
