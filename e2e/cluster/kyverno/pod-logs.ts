// The stand-in's log is the admission controller pods' log: it is written in CRI format, and each
// admission-controller pod gets a KWOK Logs object naming that file, so the runbook's
// `kubectl -n kyverno-prd logs -l app.kubernetes.io/component=admission-controller --prefix` shows it.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ApiError, type Api } from '../lib/api.ts';
import { state } from '../lib/paths.ts';
import { NAMESPACE } from './names.ts';

export const criLogFile = (): string => state('logs', 'kyverno-admission-controller.cri.log');

export function writeCriLine(line: string): void {
  mkdirSync(dirname(criLogFile()), { recursive: true });
  appendFileSync(criLogFile(), `${new Date().toISOString()} stderr F ${line}\n`);
}

const LOGS = `/apis/kwok.x-k8s.io/v1alpha1/namespaces/${NAMESPACE}/logs`;

/** Keeps one Logs object per admission-controller pod, and none for pods that are gone. */
export function podLogs(api: Api): (pods: string[]) => Promise<void> {
  const published = new Set<string>();
  return async (pods) => {
    for (const pod of pods.filter((p) => !published.has(p))) {
      await ignoring(
        409,
        api.call('POST', LOGS, {
          apiVersion: 'kwok.x-k8s.io/v1alpha1',
          kind: 'Logs',
          metadata: { name: pod, namespace: NAMESPACE },
          spec: { logs: [{ containers: [], logsFile: criLogFile(), follow: true }] },
        }),
      );
      published.add(pod);
    }
    for (const pod of [...published].filter((p) => !pods.includes(p))) {
      await ignoring(404, api.call('DELETE', `${LOGS}/${pod}`));
      published.delete(pod);
    }
  };
}

async function ignoring(status: number, call: Promise<unknown>): Promise<void> {
  try {
    await call;
  } catch (error) {
    if (!(error instanceof ApiError && error.status === status)) throw error;
  }
}
