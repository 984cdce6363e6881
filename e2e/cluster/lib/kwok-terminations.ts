// KWOK plays the kubelet's two ways of ending a pod's memory: a container OOMKilled (its lastState terminated with
// reason OOMKilled, restartCount moved, running again) and the pod evicted under node memory pressure (phase
// Failed, reason Evicted, the kubelet's message). Both are KWOK Stages, written through the API server as the
// kubelet writes them, for pods carrying a label the harness puts on one pod of the scenario's workloads that ask
// for it (e2e/cluster/scenario/workloads.ts: oomKill, evict). The label is put on a pod, not in its template, so the
// replacement the ReplicaSet makes for an evicted pod is not evicted in turn.
import { getJson, kubectl } from './kubectl.ts';
import { waitFor } from './processes.ts';
import { fail, log } from './log.ts';
import { WORKLOAD_LABEL, type WorkloadSpec } from '../scenario/model.ts';

/** Its value names the container KWOK ends OOMKilled. */
export const OOM_KILL_LABEL = 'memdash-oom-kill';
export const EVICT_LABEL = 'memdash-evict';
/** The eviction's message, as the kubelet words it, from the pod's annotation. */
export const EVICT_MESSAGE_ANNOTATION = 'memdash-evict-message';

const OOM_STAGE = `apiVersion: kwok.x-k8s.io/v1alpha1
kind: Stage
metadata:
  name: memdash-container-oom-killed
spec:
  resourceRef:
    apiGroup: v1
    kind: Pod
  selector:
    matchExpressions:
    - key: '.metadata.labels["${OOM_KILL_LABEL}"]'
      operator: 'Exists'
    - key: '.metadata.deletionTimestamp'
      operator: 'DoesNotExist'
    - key: '.status.phase'
      operator: 'In'
      values:
      - 'Running'
    - key: '.status.containerStatuses.[].lastState.terminated'
      operator: 'DoesNotExist'
  delay:
    durationMilliseconds: 2000
  next:
    statusTemplate: |
      {{ $now := Now }}
      {{ $target := index .metadata.labels "${OOM_KILL_LABEL}" }}
      containerStatuses:
      {{ range .status.containerStatuses }}
      - image: {{ .image | Quote }}
        name: {{ .name | Quote }}
        ready: true
        started: true
        {{ if eq .name $target }}
        restartCount: 1
        lastState:
          terminated:
            exitCode: 137
            reason: OOMKilled
            startedAt: {{ .state.running.startedAt | Quote }}
            finishedAt: {{ $now | Quote }}
        state:
          running:
            startedAt: {{ $now | Quote }}
        {{ else }}
        restartCount: {{ .restartCount }}
        state:
          running:
            startedAt: {{ .state.running.startedAt | Quote }}
        {{ end }}
      {{ end }}
`;

const EVICT_STAGE = `apiVersion: kwok.x-k8s.io/v1alpha1
kind: Stage
metadata:
  name: memdash-pod-evicted
spec:
  resourceRef:
    apiGroup: v1
    kind: Pod
  selector:
    matchExpressions:
    - key: '.metadata.labels["${EVICT_LABEL}"]'
      operator: 'Exists'
    - key: '.metadata.deletionTimestamp'
      operator: 'DoesNotExist'
    - key: '.status.phase'
      operator: 'In'
      values:
      - 'Running'
  delay:
    durationMilliseconds: 2000
  next:
    statusTemplate: |
      {{ $now := Now }}
      {{ $annotations := or .metadata.annotations dict }}
      phase: Failed
      reason: Evicted
      message: {{ or ( index $annotations "${EVICT_MESSAGE_ANNOTATION}" ) "The node was low on resource: memory." | Quote }}
      conditions:
      - lastTransitionTime: {{ $now | Quote }}
        status: "False"
        type: Ready
      - lastTransitionTime: {{ $now | Quote }}
        status: "False"
        type: ContainersReady
      containerStatuses:
      {{ range .status.containerStatuses }}
      - image: {{ .image | Quote }}
        name: {{ .name | Quote }}
        ready: false
        started: false
        restartCount: {{ .restartCount }}
        state:
          terminated:
            exitCode: 137
            reason: Error
            startedAt: {{ .state.running.startedAt | Quote }}
            finishedAt: {{ $now | Quote }}
      {{ end }}
`;

/** The Stages, for KWOK's --config beside upstream's. */
export function terminationStages(): string[] {
  return [OOM_STAGE, EVICT_STAGE];
}

/** The kubelet's eviction message for a pod whose container used `usingMi` against its `request`. */
export function evictionMessage(container: string, usingMi: number, request: string): string {
  return (
    'The node was low on resource: memory. Threshold quantity: 100Mi, available: 92Mi. ' +
    `Container ${container} was using ${usingMi}Mi, request is ${request}, has larger consumption of memory. `
  );
}

interface PodItem {
  metadata: { name: string; uid: string; labels?: Record<string, string> };
  spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string } } }> };
  status?: {
    phase?: string;
    reason?: string;
    message?: string;
    containerStatuses?: Array<{ name: string; lastState?: { terminated?: { reason?: string } } }>;
  };
}

const podsOf = (w: WorkloadSpec) =>
  getJson<{ items: PodItem[] }>(['get', 'pods', '-n', w.namespace, '-l', `${WORKLOAD_LABEL}=${w.name}`]).items;

/**
 * Labels the first running pod of each workload that asks for an OOM kill or an eviction (once: a pod labelled
 * before keeps its label), then waits until KWOK has written the status. Idempotent, so a warm `up` runs it again.
 */
export async function seedTerminations(workloads: WorkloadSpec[]): Promise<void> {
  for (const w of workloads) {
    if (w.oomKill) markFirstPod(w, OOM_KILL_LABEL, w.oomKill);
    if (w.evict) markFirstPod(w, EVICT_LABEL, 'true', evictionAnnotation(w));
  }
  const done = await waitFor(() => workloads.every(terminated), 60_000, 500);
  if (!done)
    fail(
      'KWOK did not end the scenario pods OOMKilled or Evicted (a KWOK started before its stages existed needs cluster:down first): see .cluster/logs/kwok.log',
    );
  for (const w of workloads.filter((w) => w.evict)) evictedEvents(w);
  log('KWOK ended the scenario pods OOMKilled and Evicted');
}

function evictionAnnotation(w: WorkloadSpec): string {
  const c = w.containers[0]!;
  return evictionMessage(c.name, Math.round((c.workingSetMi ?? 0) * 2), w.rows?.[c.name] ?? c.request ?? 'none');
}

function markFirstPod(w: WorkloadSpec, label: string, value: string, message?: string): void {
  const pods = podsOf(w).sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  if (pods.some((p) => p.metadata.labels?.[label] !== undefined)) return;
  const first = pods.find((p) => p.status?.phase === 'Running');
  if (!first) fail(`no running pod of ${w.namespace}/${w.name} to mark ${label}`);
  if (message)
    kubectl(['annotate', 'pod', first.metadata.name, '-n', w.namespace, `${EVICT_MESSAGE_ANNOTATION}=${message}`, '--overwrite']);
  kubectl(['label', 'pod', first.metadata.name, '-n', w.namespace, `${label}=${value}`]);
}

function terminated(w: WorkloadSpec): boolean {
  const pods = podsOf(w);
  const oomDone = !w.oomKill || pods.some((p) => p.status?.containerStatuses?.some((c) => c.lastState?.terminated?.reason === 'OOMKilled'));
  const evictDone = !w.evict || pods.some((p) => p.status?.reason === 'Evicted');
  return oomDone && evictDone;
}

/** The Warning the kubelet leaves on a pod it evicts (KWOK writes no events): created once per evicted pod. */
function evictedEvents(w: WorkloadSpec): void {
  for (const pod of podsOf(w).filter((p) => p.status?.reason === 'Evicted')) {
    const name = `${pod.metadata.name}.evicted`;
    const exists = getJson<{ items: unknown[] }>(['get', 'events', '-n', w.namespace, `--field-selector=metadata.name=${name}`]).items;
    if (exists.length > 0) continue;
    const now = new Date().toISOString();
    const event = {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace: w.namespace },
      involvedObject: { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, namespace: w.namespace, uid: pod.metadata.uid },
      reason: 'Evicted',
      message: pod.status?.message ?? 'The node was low on resource: memory.',
      type: 'Warning',
      source: { component: 'kubelet' },
      firstTimestamp: now,
      lastTimestamp: now,
      count: 1,
    };
    kubectl(['create', '-f', '-'], { input: JSON.stringify(event) });
  }
}
