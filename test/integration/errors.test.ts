// The one error mapper against real failures: a dead API server, one answering an error of its own, a rejected and
// an unauthorised credential, a bad name. Each case loads the app afresh with its own KUBECONFIG, because the read credential is loaded once.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { kubeconfig, podOf, requireCluster } from './cluster';
import { forgetClusters } from './fresh-clusters';

requireCluster();

const dir = mkdtempSync(join(tmpdir(), 'memdash-errors-'));

/** The viewer's kubeconfig with its server or its user changed; written to a temp file, never printed. */
function variant(name: string, change: (config: KubeconfigYaml) => void): string {
  const config = parse(readFileSync(kubeconfig('viewer'), 'utf8')) as KubeconfigYaml;
  change(config);
  const file = join(dir, `${name}.yaml`);
  writeFileSync(file, stringify(config), { mode: 0o600 });
  return file;
}

interface KubeconfigYaml {
  clusters: Array<{ cluster: { server: string; 'insecure-skip-tls-verify'?: boolean } }>;
  users: Array<{ user: Record<string, unknown> }>;
}

async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The explanation and readiness routes, loaded with KUBECONFIG pointing at `file`. */
async function appWith(file: string) {
  vi.resetModules();
  process.env.KUBECONFIG = file;
  forgetClusters(); // the default cluster, made again with this kubeconfig
  const explanation = await import('@/app/c/[cluster]/api/pods/[namespace]/[pod]/explanation/route');
  const readyz = await import('@/app/readyz/route');
  return {
    explain: async (namespace: string, pod: string) => {
      const response = await explanation.GET(new Request('http://memdash.test/'), { params: Promise.resolve({ namespace, pod }) });
      return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
    },
    readyz: () => readyz.GET(),
  };
}

describe('errors from the cluster, mapped once', () => {
  afterEach(() => {
    delete process.env.KUBECONFIG;
  });

  it('503 when the API server cannot be reached, for the explanation and for /readyz', async () => {
    const port = await closedPort();
    const app = await appWith(variant('dead', (c) => (c.clusters[0]!.cluster.server = `https://127.0.0.1:${port}`)));
    const { status, body } = await app.explain('shop', 'anything');
    expect(status).toBe(503);
    expect(body.error.code).toBe('unreachable');
    expect(body.error.message).toContain('ECONNREFUSED');
    expect((await app.readyz()).status).toBe(503);
  });

  it('502 when the API server answers with an error of its own, passing on its words', async () => {
    // What kube-apiserver answers when etcd does not: 500 with its Status. Served here over plain HTTP, because
    // stopping the local cluster's etcd under the other tests is not an option; the client and the mapper are real.
    // No credential goes to it.
    const server = createHttpServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          message: 'etcdserver: request timed out',
          reason: 'InternalError',
          code: 500,
        }),
      );
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const app = await appWith(
        variant('etcd-down', (c) => {
          c.clusters[0]!.cluster = { server: `http://127.0.0.1:${port}`, 'insecure-skip-tls-verify': true };
          c.users[0]!.user = {};
        }),
      );
      const { status, body } = await app.explain('shop', 'web-0');
      expect(status).toBe(502);
      expect(body.error).toEqual({
        code: 'cluster-error',
        message: 'The Kubernetes API server answered 500: etcdserver: request timed out',
      });
    } finally {
      server.close();
    }
  });

  it('400 for an invalid name, before any call (the dead server is never asked)', async () => {
    const port = await closedPort();
    const app = await appWith(variant('dead-too', (c) => (c.clusters[0]!.cluster.server = `https://127.0.0.1:${port}`)));
    for (const [namespace, pod] of [
      ['Shop', 'web'],
      ['shop', 'web_1'],
      ['shop', 'a'.repeat(254)],
      ['-shop', 'web'],
    ] as const) {
      const { status, body } = await app.explain(namespace, pod);
      expect(status).toBe(400);
      expect(body.error.code).toBe('invalid-name');
    }
  });

  it('404 for a pod that does not exist, naming it', async () => {
    const app = await appWith(kubeconfig('viewer'));
    const { status, body } = await app.explain('shop', 'no-such-pod');
    expect(status).toBe(404);
    expect(body.error.message).toContain('shop/no-such-pod');
  });

  it('401 when the cluster does not accept the credential', async () => {
    const app = await appWith(variant('bad-token', (c) => (c.users[0]!.user = { token: 'not-a-token' })));
    const { status, body } = await app.explain('shop', podOf('shop', 'web'));
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
    expect(body.error.message).not.toContain('not-a-token');
  });

  it("403 showing the cluster's own refusal, for a user RBAC does not allow", async () => {
    // No credential at all: the API server treats the request as system:anonymous, which may read nothing here.
    const app = await appWith(variant('anonymous', (c) => (c.users[0]!.user = {})));
    const { status, body } = await app.explain('shop', podOf('shop', 'web'));
    expect(status).toBe(403);
    expect(body.error.code).toBe('forbidden');
    expect(body.error.message).toMatch(/system:anonymous.*cannot get resource "pods"/);
  });
});
