// The snapshot runner's process, started by `cluster up`: it watches the pods of the CronJob's Jobs (labelled for
// the runner, so KWOK leaves their end to it) and runs each one once KWOK has started it.
import { api } from '../lib/api.ts';
import { RUNNER_LABEL, RUNNER_VALUE } from '../lib/kwok.ts';
import { prometheusUrl } from '../lib/prometheus.ts';
import { readState } from '../lib/state.ts';
import { NAMESPACE } from './objects.ts';
import { startPrometheusProxy } from './prometheus-proxy.ts';
import { runSnapshot, type RunContext, type RunnerPod } from './run.ts';

const log = (message: string) => process.stdout.write(`${new Date().toISOString()} ${message}\n`);

interface WatchedPod extends RunnerPod {
  metadata: RunnerPod['metadata'] & { deletionTimestamp?: string };
}

async function main(): Promise<void> {
  const current = readState();
  if (!current) throw new Error('no .cluster/state.json');
  process.on('SIGTERM', () => process.exit(0));
  const context: RunContext = {
    api: api(),
    apiserverPort: current.ports.apiserver,
    prometheusUrl: await startPrometheusProxy(prometheusUrl(current)),
  };
  log(`snapshot runner: the job's Prometheus is ${context.prometheusUrl}`);
  const started = new Set<string>();
  const selector = encodeURIComponent(`${RUNNER_LABEL}=${RUNNER_VALUE}`);
  context.api.informer<WatchedPod>(
    `/api/v1/namespaces/${NAMESPACE}/pods?labelSelector=${selector}`,
    (pods) => {
      for (const pod of pods.filter((p) => runnable(p) && !started.has(p.metadata.uid))) {
        started.add(pod.metadata.uid);
        log(`running ${pod.metadata.name}`);
        runSnapshot(pod, context).then(
          (code) => log(`${pod.metadata.name} exited ${code}`),
          (error: Error) => log(`${pod.metadata.name}: ${error.message}`),
        );
      }
    },
    (error) => log(`pod watch: ${error.message}`),
  );
}

/** Started by KWOK (it has an IP and runs) and not ended yet; after a runner restart an unfinished run reruns. */
const runnable = (p: WatchedPod) => !p.metadata.deletionTimestamp && p.status?.phase === 'Running' && Boolean(p.status.podIP);

main().catch((error: Error) => {
  log(error.stack ?? error.message);
  process.exit(1);
});
