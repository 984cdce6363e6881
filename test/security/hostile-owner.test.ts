// Issue 9, item 1: a pod whose controller owner has a name no Kubernetes object can have (the API server stores it
// as written) must not put that name into a command the pod page offers to copy.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bin } from '../../e2e/cluster/lib/paths.ts';
import { kubeconfig, kubectl, kubectlJson } from '../integration/cluster';
import { json, send } from './http';

const canary = join(mkdtempSync(join(tmpdir(), 'memdash-owner-')), 'ran');
const ownerName = `x"; touch ${canary}; echo "$(touch ${canary})\`touch ${canary}\`'\n;touch ${canary}`;
const namespace = 'development';
const pod = `hostile-owner-${Date.now().toString(36)}`;

// apps/v9 is a version the garbage collector cannot resolve, so it leaves the pod alone instead of deleting it for
// an owner it cannot find; memdash still reads it as a ReplicaSet, the case that derived a workload from the name.
const manifest = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: pod,
    namespace,
    ownerReferences: [
      { apiVersion: 'apps/v9', kind: 'ReplicaSet', name: ownerName, uid: '00000000-0000-0000-0000-000000000009', controller: true },
    ],
  },
  spec: { containers: [{ name: 'app', image: 'busybox', resources: { limits: { memory: '64Mi' } } }] },
};

function htmlText(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

describe('a pod whose owner is named like a shell command', () => {
  beforeAll(() => {
    execFileSync(bin('kubectl'), ['--kubeconfig', kubeconfig('admin'), 'create', '-f', '-'], {
      input: JSON.stringify(manifest),
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    const stored = kubectlJson<{ metadata: { ownerReferences: Array<{ name: string }> } }>(['-n', namespace, 'get', 'pod', pod]);
    // the precondition the whole case rests on: the API server kept the name as written
    expect(stored.metadata.ownerReferences[0]!.name).toBe(ownerName);
  });

  afterAll(() => {
    kubectl(['-n', namespace, 'delete', 'pod', pod, '--wait=false'], 'admin');
  });

  it('is explained through the route with the owner as written and no workload', async () => {
    const answer = await send('GET', `/c/local/api/pods/${namespace}/${pod}/explanation`);
    expect(answer.status).toBe(200);
    const body = json<{ owner: { name: string }; workload: unknown; containers: Array<{ verdict: string; reason: string }> }>(answer);
    expect(body.owner.name).toBe(ownerName);
    expect(body.workload).toBeNull();
    expect(answer.body).toContain('a name Kubernetes would refuse');
  });

  it("offers no command built from the owner's name on the page, and every command it offers runs nothing", async () => {
    const answer = await send('GET', `/c/local/pods/${namespace}/${pod}`);
    expect(answer.status).toBe(200);
    const commands = [...answer.body.matchAll(/<pre[^>]*data-command[^>]*>([\s\S]*?)<\/pre>/g)].map((m) => htmlText(m[1]!));
    expect(commands.length).toBeGreaterThan(0);
    expect(commands.some((c) => c.includes('jq'))).toBe(false);
    for (const command of commands) {
      expect(command).not.toContain('touch');
      // as an operator would paste it, with kubectl (cexec iac kubectl) and jq swapped for printf
      execFileSync('sh', ['-c', command.replace('cexec iac kubectl', "printf '%s\\n'").replace('| jq', "| printf '%s\\n'")], {
        stdio: 'ignore',
      });
    }
    expect(existsSync(canary)).toBe(false);
    expect(htmlText(answer.body)).toContain('a name Kubernetes would refuse');
  });
});
