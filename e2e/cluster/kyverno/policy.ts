// The MutatingPolicy and GlobalContextEntry `memory-requests` as the companion chart would declare them: the
// reference. With `cluster up --kyverno real` Kyverno v1.19.1 evaluates them; the stand-in (mutation.ts,
// workload.ts) does what these expressions say, and e2e/cluster/side-by-side.test.ts checks that both agree.
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
      // the prefix up to the build's trailing dash ('<job>-<build>-'), then the job: cut at the dash before the build
      "  ? object.metadata.name.find('^.+-[0-9]+-').substring(0, object.metadata.name.find('^.+-[0-9]+-').substring(0, size(object.metadata.name.find('^.+-[0-9]+-')) - 1).lastIndexOf('-')) : '')",
      ": variables.owner[0].kind == 'ReplicaSet' ? variables.owner[0].name.substring(0, variables.owner[0].name.lastIndexOf('-'))",
      ": variables.owner[0].kind in ['StatefulSet', 'DaemonSet'] ? variables.owner[0].name",
      ": variables.owner[0].kind == 'Job' ? (variables.owner[0].name.matches('-[0-9]+$') ? variables.owner[0].name.substring(0, variables.owner[0].name.lastIndexOf('-')) : variables.owner[0].name)",
      ": variables.owner[0].kind == 'Cluster' && variables.owner[0].apiVersion.startsWith('postgresql.cnpg.io/') ? variables.owner[0].name",
      ": ''",
    ].join('\n'),
  },
  { name: 'prefix', expression: 'namespaceObject.metadata.name + "_" + variables.workload + "_"' },
];

/**
 * One JSON patch operation per container with a row: its memory request becomes the row, capped at its memory limit.
 * The operation adds whatever the container lacks (`resources`, `requests`, or only `memory`): an `add` whose parent
 * is missing fails, and under failurePolicy Fail the pod is refused (issue 17: a container without requests).
 */
function containerPatch(field: 'containers' | 'initContainers'): string {
  const c = `object.spec.${field}[i]`;
  const key = `variables.prefix + ${c}.name`;
  const row = `variables.rows[${key}]`;
  const request = [
    `(${c}.?resources.?limits.?memory.hasValue() && quantity(${row}).isGreaterThan(quantity(${c}.resources.limits.memory))`,
    `  ? ${c}.resources.limits.memory : ${row})`,
  ].join('\n');
  const path = `"/spec/${field}/" + string(i) + "/resources"`;
  return [
    `object.spec.?${field}.orValue([]).map(c, object.spec.${field}.indexOf(c))`,
    `.filter(i, variables.workload != '' && variables.rows != null && (${key}) in variables.rows)`,
    `.map(i, !${c}.?resources.hasValue()`,
    `  ? JSONPatch{op: "add", path: ${path}, value: {"requests": {"memory": ${request}}}}`,
    `  : !${c}.resources.?requests.hasValue()`,
    `  ? JSONPatch{op: "add", path: ${path} + "/requests", value: {"memory": ${request}}}`,
    `  : JSONPatch{op: "add", path: ${path} + "/requests/memory", value: ${request}})`,
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
