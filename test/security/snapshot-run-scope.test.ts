// Issue 31, item 8: the run routes served the whole log of any Job in Kyverno's namespace, where Kyverno's own
// cleanup and hook Jobs live too. Only a Job the snapshot CronJob controls is a run; any other is a 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, kubectlJson } from '../integration/cluster';
import { expectSecurityHeaders, send } from './http';

const NAMESPACE = 'kyverno-prd';
const CRONJOB = 'memory-snapshot'; // the CronJob the settings name by default
const RUN = `memdash-not-a-run-${Date.now().toString(36)}`;

// Suspended: the Job exists and never makes a pod, so nothing runs in Kyverno's namespace.
const job = (name: string, ownerReferences: unknown[] = []) => ({
  apiVersion: 'batch/v1',
  kind: 'Job',
  metadata: { name, namespace: NAMESPACE, labels: { 'app.kubernetes.io/name': 'kyverno-cleanup' }, ownerReferences },
  spec: {
    suspend: true,
    template: { spec: { restartPolicy: 'Never', containers: [{ name: 'cleanup', image: 'busybox', command: ['true'] }] } },
  },
});

const hook = `${RUN}-hook`;
const referring = `${RUN}-ref`;
const created = [hook, referring];

beforeAll(() => {
  const cronJob = kubectlJson<{ metadata: { uid: string } }>(['-n', NAMESPACE, 'get', 'cronjob', CRONJOB]);
  kubectl(['create', '-f', '-'], 'admin', JSON.stringify(job(hook)));
  // It names the CronJob as an owner, not as its controller: a Job that merely refers to it.
  kubectl(
    ['create', '-f', '-'],
    'admin',
    JSON.stringify(job(referring, [{ apiVersion: 'batch/v1', kind: 'CronJob', name: CRONJOB, uid: cronJob.metadata.uid }])),
  );
  for (const name of created) {
    // the precondition the case rests on: the Job is there for memdash to read
    expect(kubectlJson<{ metadata: { name: string } }>(['-n', NAMESPACE, 'get', 'job', name]).metadata.name).toBe(name);
  }
});

afterAll(() => {
  for (const name of created) {
    kubectl(['-n', NAMESPACE, 'delete', 'job', name, '--ignore-not-found', '--wait=false'], 'admin');
    // the job controller's "Job suspended" about it
    kubectl(['-n', NAMESPACE, 'delete', 'events', `--field-selector=involvedObject.name=${name}`, '--ignore-not-found'], 'admin');
  }
});

describe("a Job of Kyverno's namespace that the snapshot CronJob does not control", () => {
  it.each(created.map((name) => [name]))('%s is a 404 on the run API, its events and its page', async (name) => {
    for (const path of [
      `/c/local/api/snapshot/runs/${name}`,
      `/c/local/api/snapshot/runs/${name}/events`,
      `/c/local/snapshot/runs/${name}`,
    ]) {
      const answer = await send('GET', path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect({ path, type: answer.headers['content-type'] }).not.toEqual({ path, type: expect.stringContaining('event-stream') });
      expectSecurityHeaders(path, answer);
    }
  });

  it('is not listed among the runs', async () => {
    const answer = await send('GET', '/c/local/api/snapshot/runs');
    expect(answer.status).toBe(200);
    expect(answer.body).not.toContain(RUN);
  });
});
