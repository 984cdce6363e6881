// The snapshot's objects in kyverno-prd, as the companion chart's memory-snapshot.yaml would make them: the
// CronJob, the ConfigMap holding the script, and the service account that may rewrite the table and nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyObjects } from '../lib/kubectl.ts';
import { RUNNER_LABEL, RUNNER_VALUE } from '../lib/kwok.ts';

export const NAMESPACE = 'kyverno-prd';
export const CRONJOB = 'memory-snapshot';
export const SCRIPT_CONFIGMAP = 'memory-snapshot';
export const SCRIPT_KEY = 'memory_snapshot.py';
export const SERVICE_ACCOUNT = 'memory-snapshot';
export const CONTAINER = 'snapshot';
export const TABLE = 'memory-requests';
/** The Job retries twice (backoffLimit 2): a refused or crashed run is tried three times in all. */
export const BACKOFF_LIMIT = 2;

export const scriptPath = (): string => join(import.meta.dirname, SCRIPT_KEY);

const labels = { 'app.kubernetes.io/name': CRONJOB, 'app.kubernetes.io/part-of': 'kyverno' };

function cronJob(): object {
  return {
    apiVersion: 'batch/v1',
    kind: 'CronJob',
    metadata: { name: CRONJOB, namespace: NAMESPACE, labels },
    spec: {
      schedule: '15 4 * * *',
      timeZone: 'Europe/Amsterdam',
      concurrencyPolicy: 'Forbid',
      successfulJobsHistoryLimit: 3,
      failedJobsHistoryLimit: 3,
      jobTemplate: {
        metadata: { labels },
        spec: {
          backoffLimit: BACKOFF_LIMIT,
          template: {
            metadata: { labels: { ...labels, [RUNNER_LABEL]: RUNNER_VALUE } },
            spec: {
              serviceAccountName: SERVICE_ACCOUNT,
              restartPolicy: 'Never',
              terminationGracePeriodSeconds: 5,
              containers: [
                {
                  name: CONTAINER,
                  image: 'docker.io/library/python:3.12-slim',
                  command: ['python3', `/scripts/${SCRIPT_KEY}`],
                  env: [
                    { name: 'PROMETHEUS_URL', value: 'http://prometheus-prd.monitoring.svc:9090' },
                    { name: 'TABLE_NAMESPACE', value: NAMESPACE },
                    { name: 'TABLE_NAME', value: TABLE },
                  ],
                  resources: { requests: { memory: '128Mi', cpu: '50m' }, limits: { memory: '256Mi' } },
                  volumeMounts: [{ name: 'script', mountPath: '/scripts', readOnly: true }],
                },
              ],
              volumes: [{ name: 'script', configMap: { name: SCRIPT_CONFIGMAP } }],
            },
          },
        },
      },
    },
  };
}

function account(): object[] {
  const meta = { name: SERVICE_ACCOUNT, namespace: NAMESPACE, labels };
  return [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: meta },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: meta,
      rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: [TABLE], verbs: ['get', 'update'] }],
    },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: meta,
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: SERVICE_ACCOUNT },
      subjects: [{ kind: 'ServiceAccount', name: SERVICE_ACCOUNT, namespace: NAMESPACE }],
    },
  ];
}

/** Every `up`: the script in the ConfigMap is the one in the repo. */
export function applySnapshotObjects(): void {
  const script = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: SCRIPT_CONFIGMAP, namespace: NAMESPACE, labels },
    data: { [SCRIPT_KEY]: readFileSync(scriptPath(), 'utf8') },
  };
  applyObjects([...account(), script, cronJob()]);
}
