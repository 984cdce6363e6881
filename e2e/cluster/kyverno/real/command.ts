// The admission controller's command line: the upstream Deployment's flags and env, with what a host process
// needs instead of a pod (a kubeconfig, the cluster's free port, no fixed metrics ports) and the runbook's flags.
import type { ClusterState } from '../../lib/state.ts';
import { state } from '../../lib/paths.ts';
import { NAMESPACE } from '../names.ts';
import { admissionContainer } from './install.ts';
import { hostAddress, podName, writeKyvernoKubeconfig } from './access.ts';

/** Sets each flag, replacing the upstream value where there is one. */
export function withFlags(args: string[], flags: Record<string, string>): string[] {
  const names = new Set(Object.keys(flags));
  const kept = args.filter((a) => !names.has(/^--([^=]+)/.exec(a)?.[1] ?? ''));
  return [...kept, ...Object.entries(flags).map(([k, v]) => `--${k}=${v}`)];
}

export function kyvernoCommandLine(current: ClusterState): { args: string[]; env: Record<string, string> } {
  const port = current.ports.webhook;
  const upstream = admissionContainer();
  const address = hostAddress();
  const args = withFlags(upstream.args, {
    kubeconfig: writeKyvernoKubeconfig(current.ports.apiserver),
    webhookServerPort: String(port),
    disableMetrics: 'true',
    // still served with metrics export off: upstream's fixed 8000 would clash with another real Kyverno on this machine
    metricsPort: '0',
    controllerRuntimeMetricsAddress: ':0', // upstream's :8080 would clash with the other clusters on this machine
    omitEvents: 'PolicyApplied,PolicySkipped', // the runbook's: no event for a pod sized or left alone
    ...(address ? {} : { serverIP: `127.0.0.1:${port}` }), // debug mode: see access.ts
  });
  // TUF_ROOT: the image's /.sigstore would be the host's root directory
  const env = { ...upstream.env, KYVERNO_NAMESPACE: NAMESPACE, KYVERNO_POD_NAME: podName(), TUF_ROOT: state('kyverno-sigstore') };
  return { args: args.filter((a) => a.trim()), env };
}
