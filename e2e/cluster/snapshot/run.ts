// One run of the snapshot job for one of its pods, in place of the kubelet: the script from the ConfigMap runs with
// the pod's service account token, its output is the pod's log (a KWOK Logs object names the file, so
// `kubectl logs job/<name>` reads it through the API server), and its exit code ends the pod Succeeded or Failed.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { ApiError, type Api } from '../lib/api.ts';
import { state } from '../lib/paths.ts';
import { pki } from '../lib/pki.ts';
import { CONTAINER, NAMESPACE, SCRIPT_CONFIGMAP, SCRIPT_KEY, SERVICE_ACCOUNT } from './objects.ts';

export interface RunnerPod {
  metadata: { name: string; namespace?: string; uid: string };
  spec: { containers: Array<{ name: string; image: string; env?: Array<{ name: string; value?: string }> }> };
  status?: { phase?: string; podIP?: string };
}

export interface RunContext {
  api: Api;
  apiserverPort: number;
  prometheusUrl: string;
}

const core = `/api/v1/namespaces/${NAMESPACE}`;
/** Debian's, checked by `up` (lib/binaries.ts); the real job runs in a python image */
const PYTHON = '/usr/bin/python3';
const logsDir = () => state('logs', 'snapshot');
const time = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

export async function runSnapshot(pod: RunnerPod, context: RunContext): Promise<number> {
  const name = pod.metadata.name;
  mkdirSync(logsDir(), { recursive: true });
  const logsFile = state('logs', 'snapshot', `${name}.log`);
  writeFileSync(logsFile, '');
  await publishLogs(context.api, name, logsFile);
  const started = time();
  // laid out as the pod mounts them, so a traceback names scripts/memory_snapshot.py
  const podDir = state('logs', 'snapshot', name);
  const token = join(podDir, 'token');
  const script = join(podDir, 'scripts', SCRIPT_KEY);
  let code: number;
  try {
    mkdirSync(dirname(script), { recursive: true });
    writeFileSync(token, await serviceAccountToken(context.api, pod), { mode: 0o600 });
    writeFileSync(script, await scriptFromConfigMap(context.api));
    code = await python(script, environment(pod, context, token), (stream, line) =>
      appendFileSync(logsFile, `${new Date().toISOString()} ${stream} F ${line}\n`),
    );
  } catch (error) {
    appendFileSync(logsFile, `${new Date().toISOString()} stderr F ${(error as Error).message}\n`);
    code = 128;
  } finally {
    rmSync(podDir, { recursive: true, force: true });
  }
  await endPod(context.api, pod, code, started);
  return code;
}

async function publishLogs(api: Api, pod: string, logsFile: string): Promise<void> {
  const body = {
    apiVersion: 'kwok.x-k8s.io/v1alpha1',
    kind: 'Logs',
    metadata: { name: pod, namespace: NAMESPACE },
    spec: { logs: [{ containers: [], logsFile, follow: true }] },
  };
  try {
    await api.call('POST', `/apis/kwok.x-k8s.io/v1alpha1/namespaces/${NAMESPACE}/logs`, body);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
  }
}

/** A token bound to the pod, as the kubelet projects one into it. */
async function serviceAccountToken(api: Api, pod: RunnerPod): Promise<string> {
  const answer = await api.call<{ status: { token: string } }>('POST', `${core}/serviceaccounts/${SERVICE_ACCOUNT}/token`, {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenRequest',
    spec: { expirationSeconds: 3600, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name: pod.metadata.name, uid: pod.metadata.uid } },
  });
  return answer.status.token;
}

async function scriptFromConfigMap(api: Api): Promise<string> {
  const configMap = await api.call<{ data?: Record<string, string> }>('GET', `${core}/configmaps/${SCRIPT_CONFIGMAP}`);
  const script = configMap.data?.[SCRIPT_KEY];
  if (!script) throw new Error(`ConfigMap ${NAMESPACE}/${SCRIPT_CONFIGMAP} has no ${SCRIPT_KEY}`);
  return script;
}

/** The container's own env, with the two things a pod would get from the cluster pointed at the local ones. */
function environment(pod: RunnerPod, context: RunContext, tokenFile: string): Record<string, string> {
  const declared = Object.fromEntries(
    (pod.spec.containers.find((c) => c.name === CONTAINER)?.env ?? []).map((e) => [e.name, e.value ?? '']),
  );
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LANG: 'C.UTF-8',
    PYTHONUNBUFFERED: '1',
    ...declared,
    PROMETHEUS_URL: context.prometheusUrl,
    KUBERNETES_SERVICE_HOST: '127.0.0.1',
    KUBERNETES_SERVICE_PORT: String(context.apiserverPort),
    SERVICE_ACCOUNT_TOKEN_FILE: tokenFile,
    SERVICE_ACCOUNT_CA_FILE: pki('ca.crt'),
  };
}

function python(script: string, env: Record<string, string>, line: (stream: 'stdout' | 'stderr', text: string) => void): Promise<number> {
  return new Promise((done) => {
    const child = spawn(PYTHON, [script], { env: env as NodeJS.ProcessEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    createInterface({ input: child.stdout }).on('line', (text) => line('stdout', text));
    createInterface({ input: child.stderr }).on('line', (text) => line('stderr', text));
    child.on('error', (error) => {
      line('stderr', `python3: ${error.message}`);
      done(127);
    });
    child.on('close', (code) => done(code ?? 137));
  });
}

/** What the kubelet reports when the container exits; the Job controller counts it, and retries a failure. */
async function endPod(api: Api, pod: RunnerPod, code: number, startedAt: string): Promise<void> {
  const finishedAt = time();
  const container = pod.spec.containers.find((c) => c.name === CONTAINER) ?? pod.spec.containers[0]!;
  const reason = code === 0 ? 'PodCompleted' : 'PodFailed';
  const status = {
    phase: code === 0 ? 'Succeeded' : 'Failed',
    conditions: ['Ready', 'ContainersReady'].map((type) => ({ type, status: 'False', reason, lastTransitionTime: finishedAt })),
    containerStatuses: [
      {
        name: container.name,
        image: container.image,
        imageID: '',
        ready: false,
        restartCount: 0,
        started: false,
        state: { terminated: { exitCode: code, reason: code === 0 ? 'Completed' : 'Error', startedAt, finishedAt } },
      },
    ],
  };
  await api.call('PATCH', `${core}/pods/${pod.metadata.name}/status`, { status }, 'application/strategic-merge-patch+json');
}
