// The image itself: scripts/build-image.sh builds the Dockerfile with buildah (no daemon, no network, no registry),
// the chart is installed naming it, and the chart's pod is run from it with podman as the kubelet would run it
// (test/image/pod.ts): in-cluster, with the ServiceAccount's token, CA and namespace mounted and
// KUBERNETES_SERVICE_HOST/PORT naming the local API server, and no kubeconfig. The chart's checks then hold against
// the image's own filesystem and entrypoint: the probes, every page and read API with no refusal, /metrics, the
// recorder's Lease, and a write refused by the cluster's RBAC.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { helmBin } from '../../e2e/cluster/lib/paths.ts';
import { freePort } from '../../e2e/cluster/lib/ports.ts';
import { EVERY_PAGE_AS_BOOKMARKED } from '../../e2e/browser/every-page.ts';
import {
  kubeconfig,
  kubectl,
  kubectlJson,
  podOf,
  PreconditionFailed,
  repoRoot,
  requireCluster,
  requirePodWebhook,
} from '../integration/cluster.ts';
import { sendTo } from '../security/http.ts';
import { podmanRunArgs, type PodSpec } from './pod.ts';
import { REFUSAL } from '../refusal.ts';

const cluster = requireCluster();
if (!existsSync(helmBin)) throw new PreconditionFailed(`${helmBin} does not exist`, 'run scripts/setup.sh (it builds helm)');
for (const tool of ['/usr/bin/buildah', '/usr/bin/podman', '/usr/bin/runc'])
  if (!existsSync(tool))
    throw new PreconditionFailed(`${tool} does not exist`, 'run scripts/setup.sh (it installs Debian’s buildah, podman and runc)');

const RELEASE = 'memdash-image';
const NAMESPACE = 'memdash-image';
const SERVICE_ACCOUNT = `system:serviceaccount:${NAMESPACE}:${RELEASE}`;
const CONTAINER = `memdash-image-test-${process.pid}`;
// crun 1.8 refuses this host's cgroups (v1 controllers beside a v2 hierarchy that holds one: "cgroups in hybrid mode
// not supported"); runc runs them
const PODMAN = ['--runtime', 'runc', '--cgroup-manager', 'cgroupfs'];
/** The cluster's refusal in any form memdash passes on: an error code, a panel, or the API server's own words. */

const helm = (args: string[]) =>
  execFileSync(helmBin, ['--kubeconfig', kubeconfig('admin'), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const podman = (args: string[]) => execFileSync('podman', [...PODMAN, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The image of the working tree: built, or found built for this tree before (the script's last line names it). */
function buildImage(): string {
  const output = execFileSync(join(repoRoot, 'scripts/build-image.sh'), { cwd: repoRoot, encoding: 'utf8', timeout: 1_500_000 });
  return output.trim().split('\n').at(-1)!;
}

/** The kubelet's ServiceAccount volume: a token of the release's ServiceAccount, the cluster's CA and the namespace. */
function serviceAccountVolume(dir: string): string {
  const token = kubectl(['-n', NAMESPACE, 'create', 'token', RELEASE, '--duration', '1h'], 'admin').trim();
  const ca = /certificate-authority-data: (\S+)/.exec(readFileSync(kubeconfig('admin'), 'utf8'))![1]!;
  const files: Record<string, string> = { token, 'ca.crt': Buffer.from(ca, 'base64').toString(), namespace: NAMESPACE };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text, { mode: 0o400 });
  // the pod's user reads it, as the kubelet's fsGroup lets it
  for (const path of [dir, ...Object.keys(files).map((f) => join(dir, f))]) chownSync(path, 10001, 10001);
  return token;
}

describe('the Dockerfile’s image, run as the chart’s pod with the in-cluster environment', () => {
  let dir: string;
  let image: string;
  let token: string;
  let base: string;
  let port: number;
  let server: ChildProcess | undefined;
  let output = '';

  beforeAll(async () => {
    requirePodWebhook();
    image = buildImage();
    if (helm(['list', '--namespace', NAMESPACE, '--short']).split('\n').includes(RELEASE))
      helm(['uninstall', RELEASE, '--namespace', NAMESPACE, '--wait']); // a previous run's, on a cluster left up
    const [repository, tag] = image.split(/:(?=[^:]+$)/);
    const settings = {
      MEMDASH_PROMETHEUS_URL: `http://127.0.0.1:${cluster.ports.prometheus}`,
      // one client asking faster than a person: no per-client limits, and a probe whenever asked
      MEMDASH_READ_LIMIT: '0',
      MEMDASH_ACCESS_LIMIT: '0',
      MEMDASH_WRITE_LIMIT: '0',
      MEMDASH_PROBE_MIN_INTERVAL_MS: '0',
    };
    const sets = Object.entries(settings).flatMap(([k, v]) => ['--set-string', `settings.${k}=${v}`]);
    helm([
      'install',
      RELEASE,
      join(repoRoot, 'charts/memdash'),
      '--namespace',
      NAMESPACE,
      '--create-namespace',
      '--wait',
      '--timeout',
      '3m',
      '--set',
      `image.repository=${repository}`,
      '--set-string',
      `image.tag=${tag}`,
      ...sets,
    ]);
    dir = mkdtempSync(join(tmpdir(), 'memdash-image-'));
    const serviceAccountDir = join(dir, 'serviceaccount');
    execFileSync('mkdir', [serviceAccountDir]);
    token = serviceAccountVolume(serviceAccountDir);
    const pod = kubectlJson<{ spec: { template: { spec: PodSpec } } }>(['-n', NAMESPACE, 'get', 'deployment', RELEASE]).spec.template.spec;
    port = await freePort();
    const openFiles = Number(execFileSync('bash', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).trim());
    const args = podmanRunArgs(pod, CONTAINER, {
      podIp: '127.0.0.1',
      port,
      apiServerHost: '127.0.0.1',
      apiServerPort: cluster.ports.apiserver,
      serviceAccountDir,
      openFiles,
    });
    server = spawn('podman', [...PODMAN, 'run', '--rm', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [server.stdout!, server.stderr!]) stream.on('data', (d: Buffer) => (output += d.toString()));
    base = `http://127.0.0.1:${port}`;
    await ready(base, server, () => output);
  }, 1_800_000);

  afterAll(async () => {
    const quietly = (run: () => unknown) => {
      try {
        run();
      } catch {
        // already gone, or never made when beforeAll failed
      }
    };
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server!.once('exit', r));
      quietly(() => podman(['stop', '--time', '10', CONTAINER]));
      await exited;
    }
    quietly(() => podman(['rm', '--force', CONTAINER]));
    quietly(() => helm(['uninstall', RELEASE, '--namespace', NAMESPACE, '--wait']));
    quietly(() => kubectl(['delete', 'namespace', NAMESPACE, '--wait=false'], 'admin'));
    if (dir) rmSync(dir, { recursive: true, force: true });
  }, 120_000);

  it('is the Dockerfile’s: user 10001, `node server.js` in /app', () => {
    const [config] = JSON.parse(podman(['image', 'inspect', image])) as Array<{
      Config: { User: string; Cmd: string[]; WorkingDir: string };
    }>;
    expect(config!.Config).toMatchObject({ User: '10001:10001', Cmd: ['node', 'server.js'], WorkingDir: '/app' });
  });

  it('runs the Node the setup installs, as 10001, with no shell and no kubeconfig', () => {
    const script = `const { existsSync } = require('fs');
      const found = ['/bin/sh', '/bin/bash', '/usr/bin/sh', (process.env.HOME ?? '/') + '/.kube/config'].filter((f) => existsSync(f));
      console.log(JSON.stringify([process.version, process.getuid(), found, process.env.KUBECONFIG ?? null]))`;
    // the Node that runs this test is the setup's
    expect(JSON.parse(podman(['exec', CONTAINER, 'node', '-e', script]))).toEqual([process.version, 10001, [], null]);
  });

  it('answers the kubelet’s liveness probe, /healthz, addressed by the pod’s IP', async () => {
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('answers the readiness probe, /readyz: every cache has listed with the ServiceAccount', async () => {
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('every page answers with no refusal from the cluster', async () => {
    const pages = [...EVERY_PAGE_AS_BOOKMARKED, `/pods/shop/${podOf('shop', 'web')}`];
    const refused: string[] = [];
    for (const path of pages) {
      const response = await fetch(base + path);
      const body = await response.text();
      if (response.status !== 200 || REFUSAL.test(body)) refused.push(`${path} (${response.status}): ${REFUSAL.exec(body)?.[0] ?? ''}`);
    }
    expect(refused).toEqual([]);
    expect(output).not.toMatch(REFUSAL);
  });

  it('every read API answers with no refusal from the cluster', async () => {
    const apis = [
      '/api/webhook',
      '/api/webhook/logs',
      '/api/pods',
      `/api/pods/shop/${podOf('shop', 'web')}/explanation`,
      '/api/table/snapshots',
      '/api/workloads/payments/api/memory',
      '/api/snapshot/runs',
      '/api/snapshot/preview',
      '/api/break-glass',
      '/api/break-glass/drill',
      '/api/audit',
    ];
    const refused: string[] = [];
    for (const path of apis) {
      const response = await fetch(base + path);
      const body = await response.text();
      if (response.status !== 200 || REFUSAL.test(body))
        refused.push(`${path} (${response.status}): ${REFUSAL.exec(body)?.[0] ?? body.slice(0, 200)}`);
    }
    expect(refused).toEqual([]);
  });

  it('the probe (a dry-run create of a pod) is admitted with the ServiceAccount', async () => {
    const probe = await fetch(`${base}/api/webhook/probe`, { method: 'POST', headers: { origin: base } });
    expect(probe.status).toBe(200);
    expect(await probe.json()).toMatchObject({ outcome: 'admitted' });
  });

  it('/metrics is Prometheus text with the webhook’s state', async () => {
    const response = await fetch(`${base}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await response.text()).toMatch(/^memdash_webhook_state\{cluster="[^"]+",state="healthy"\} 1$/m);
  });

  it('the recorder holds the chart’s Lease', () => {
    const lease = kubectlJson<{ spec: { holderIdentity?: string } }>(['-n', NAMESPACE, 'get', 'lease', `${RELEASE}-recorder`]);
    expect(lease.spec.holderIdentity).toBeTruthy();
  });

  it('writes only to its emptyDirs: the root filesystem refuses, the history store is in /data', () => {
    const script = `const fs = require('fs'); let root; try { fs.writeFileSync('/app/x', ''); root = 'written' } catch (e) { root = e.code }
      console.log(JSON.stringify([root, fs.existsSync('/data/memdash.sqlite')]))`;
    expect(JSON.parse(podman(['exec', CONTAINER, 'node', '-e', script]))).toEqual(['EROFS', true]);
  });

  it("a write with the ServiceAccount's token is refused by the cluster: 403 in its words, no Job created", async () => {
    const jobsBefore = kubectl(['-n', 'kyverno-prd', 'get', 'jobs', '-o', 'name'], 'admin');
    // on a connection of its own: fetch's kept-alive one may be closing as it sends, and a POST is not sent again
    const headers = { origin: base, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json', authorization: `Bearer ${token}` };
    // today's URL answers 308 to the default cluster's: sent there, as a client following it would
    const moved = await sendTo(port, 'POST', '/api/snapshot/runs', headers, '{}');
    expect(moved.status).toBe(308);
    const response = await sendTo(port, 'POST', new URL(String(moved.headers.location), base).pathname, headers, '{}');
    const body = JSON.parse(response.body) as { error?: { code: string; message: string } };
    expect(response.status).toBe(403);
    expect(body.error?.code).toBe('forbidden');
    expect(body.error?.message).toContain(`jobs.batch is forbidden: User "${SERVICE_ACCOUNT}" cannot create resource "jobs"`);
    expect(kubectl(['-n', 'kyverno-prd', 'get', 'jobs', '-o', 'name'], 'admin')).toBe(jobsBefore);
  });

  it('the container’s log never holds the ServiceAccount’s token', () => {
    expect(output).toContain('memdash: recording'); // the log is the container's
    expect(output).not.toContain(token);
  });
});

/** Waits, as the kubelet's readiness probe does, for /readyz to answer 200; the container's end is a failure. */
async function ready(base: string, server: ChildProcess, log: () => string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (server.exitCode !== null) throw new Error(`the container exited with ${server.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the container did not answer /readyz within 120 s:\n${log()}`);
}
