import { describe, expect, it } from 'vitest';
import { configMaps, copy, namespaceLabels, pods, webhookEntry } from './__fixtures__/fixtures';
import { lastWriteOf, parseTable } from './table';
import type { PodShape } from './types';
import {
  VERDICT_CODES,
  VERDICT_WORDS,
  explainPod,
  type ContainerExplanation,
  type ExplainInput,
  type RegistrationState,
  type TableState,
} from './verdict';

const NOW = new Date('2026-10-06T12:00:00Z');
const Mi = 1024 * 1024;

function tableFrom(configMap: (typeof configMaps)['table']): TableState {
  return { parsed: parseTable(configMap.data), lastWriteAt: lastWriteOf(configMap) };
}

const PRESENT: RegistrationState = { present: true, entry: webhookEntry, absentSince: null };

function explain(pod: PodShape, changes: Partial<ExplainInput> = {}) {
  return explainPod({
    pod,
    namespaceLabels: changes.namespaceLabels ?? namespaceLabels(pod.metadata.namespace),
    table: tableFrom(configMaps.table),
    registration: PRESENT,
    now: NOW,
    ...changes,
  });
}

function container(pod: PodShape, name: string, changes: Partial<ExplainInput> = {}): ContainerExplanation {
  const found = explain(pod, changes).containers.find((c) => c.name === name);
  if (!found) throw new Error(`no container ${name}`);
  return found;
}

describe('the vocabulary', () => {
  it('has words for exactly the codes', () => {
    expect(Object.keys(VERDICT_WORDS).sort()).toEqual([...VERDICT_CODES].sort());
    expect(VERDICT_CODES).toHaveLength(10);
  });
});

describe('explainPod', () => {
  it('gives every container one verdict, init containers first and marked', () => {
    const explained = explain(pods.deployment);
    expect(explained.containers.map((c) => [c.name, c.init, c.verdict])).toEqual([
      ['wait-for-db', true, 'set'],
      ['app', false, 'set'],
      ['envoy', false, 'capped'],
    ]);
    expect(explained.owner).toEqual({ kind: 'ReplicaSet', name: 'web-6c9f7d8b45' });
    expect(explained.workload).toMatchObject({ kind: 'Deployment', name: 'web' });
  });

  it('states the limits of judging without history', () => {
    const { limits } = explain(pods.deployment);
    expect(limits[0]).toMatch(/^Stale is judged from the table's last write only/);
    expect(limits[1]).toMatch(/^Registration-absent is judged only from the registration's current absence/);
  });

  it('takes the Jenkins namespace from the input', () => {
    const agent = copy(pods.jenkinsAgent);
    agent.metadata.namespace = 'ci';
    expect(explain(agent, { namespaceLabels: { stage: 'prd' } }).workload).toBeNull();
    expect(explain(agent, { namespaceLabels: { stage: 'prd' }, jenkinsNamespace: 'ci' }).workload?.name).toBe('etl-v2');
  });
});

describe('set', () => {
  it('is a request equal to the row, within the limit', () => {
    const app = container(pods.deployment, 'app');
    expect(app).toMatchObject({ request: 512 * Mi, limit: 1024 * Mi, rowKey: 'shop_web_app', row: 512 * Mi, verdict: 'set' });
    expect(app.reason).toBe('Request 512Mi equals row shop_web_app (512Mi), within limit 1024Mi: Kyverno set it.');
    expect(app.nextPod).toBe('Its next pod gets 512Mi from row shop_web_app.');
  });

  it('compares bytes, not spellings: 1Gi is the row 1024Mi', () => {
    expect(container(pods.cronJobJob, 'report')).toMatchObject({ verdict: 'set', rowKey: 'reports_nightly-report_report' });
  });

  it('finds the rows of a CloudNativePG instance, its init container included', () => {
    expect(explain(pods.cnpg).containers.map((c) => [c.name, c.verdict])).toEqual([
      ['bootstrap-controller', 'set'],
      ['postgres', 'set'],
    ]);
  });

  it('finds the row of a validation Job by its job, foo-2', () => {
    expect(container(pods.jobBuild, 'check')).toMatchObject({ verdict: 'set', rowKey: 'validation_foo-2_check' });
  });
});

describe('capped', () => {
  it('is a row above the limit with the request at the limit', () => {
    const envoy = container(pods.deployment, 'envoy');
    expect(envoy).toMatchObject({ request: 256 * Mi, limit: 256 * Mi, row: 384 * Mi, verdict: 'capped' });
    expect(envoy.reason).toBe(
      'Row shop_web_envoy (384Mi) is above limit 256Mi, so Kyverno capped the request at the limit: request 256Mi.',
    );
    expect(envoy.nextPod).toBe('Its next pod gets its limit 256Mi: row shop_web_envoy (384Mi) is above it.');
  });

  it('takes a missing request as its limit, as Kubernetes defaults it before admission', () => {
    const pod = copy(pods.deployment);
    const envoy = pod.spec.containers[1];
    if (envoy?.resources) delete envoy.resources.requests;
    const explained = container(pod, 'envoy');
    expect(explained).toMatchObject({ request: 256 * Mi, verdict: 'capped' });
    expect(explained.evidence[0]).toBe(
      'Container envoy has no memory request in its spec, so Kubernetes set it to its limit, 256Mi, before admission.',
    );
  });
});

describe('stale', () => {
  it('is a request that differs from the row on a pod older than the last write', () => {
    const redis = container(pods.statefulSet, 'redis');
    expect(redis).toMatchObject({ request: 1536 * Mi, row: 2048 * Mi, rowKey: 'cache_redis_redis', verdict: 'stale' });
    expect(redis.reason).toBe(
      "Request 1536Mi differs from row cache_redis_redis (2048Mi), and the pod was created at 2026-09-20T14:41:05Z, before the table's last write at 2026-10-06T02:15:42Z: it predates today's row.",
    );
    expect(redis.evidence).toContain(
      "The pod was created at 2026-09-20T14:41:05Z, before the table's last write at 2026-10-06T02:15:42Z (15d 11h earlier).",
    );
    expect(redis.nextPod).toBe('Its next pod gets 2048Mi from row cache_redis_redis.');
  });

  it('counts a pod created in the same second as the write as older', () => {
    const pod = copy(pods.statefulSet);
    pod.metadata.creationTimestamp = '2026-10-06T02:15:42Z';
    const redis = container(pod, 'redis');
    expect(redis.verdict).toBe('stale');
    expect(redis.reason).toContain("in the same second as the table's last write");
  });

  it('reads creation times given as Dates, as @kubernetes/client-node gives them', () => {
    const pod = copy(pods.statefulSet);
    pod.metadata.creationTimestamp = new Date('2026-09-20T14:41:05Z');
    expect(container(pod, 'redis').verdict).toBe('stale');
  });
});

describe('no-row', () => {
  it('is a workload with a loaded table but no row for the container', () => {
    const proxy = container(pods.daemonSet, 'kube-rbac-proxy');
    expect(proxy).toMatchObject({ rowKey: 'monitoring_node-exporter_kube-rbac-proxy', row: null, verdict: 'no-row' });
    expect(proxy.reason).toBe(
      "The table's 14 rows hold no monitoring_node-exporter_kube-rbac-proxy, so Kyverno left request 32Mi (limit 32Mi) as the pod arrived.",
    );
    expect(proxy.nextPod).toBe(
      'Until a snapshot writes row monitoring_node-exporter_kube-rbac-proxy, its next pod keeps the request its manifest gives (32Mi on this pod).',
    );
    expect(container(pods.daemonSet, 'node-exporter').verdict).toBe('set');
  });

  it("says so when the snapshot job files the pod's samples under another workload (its name rule)", () => {
    const table = copy(configMaps.table);
    delete (table.data as Record<string, string>)['jenkins-prd_etl-v2_jnlp'];
    const jnlp = container(pods.jenkinsAgent, 'jnlp', { table: tableFrom(table) });
    expect(jnlp.verdict).toBe('no-row');
    expect(jnlp.evidence).toContain(
      "The snapshot job reads a past pod's workload from its name, and reads etl-v2-117-k3j2h-7gqpl as etl-v2-117-k3j2h: it writes this container's samples as jenkins-prd_etl-v2-117-k3j2h_jnlp, so jenkins-prd_etl-v2_jnlp never comes from a snapshot.",
    );
    expect(container(pods.daemonSet, 'kube-rbac-proxy').evidence.join(' ')).not.toContain('snapshot job reads');
  });

  it('finds the Deployment of a ReplicaSet without the pod-template-hash label', () => {
    expect(explain(pods.replicaSetNoLabel).containers.map((c) => [c.rowKey, c.verdict])).toEqual([
      ['payments_ledger-api_api', 'set'],
      ['payments_ledger-api_metrics', 'no-row'],
    ]);
  });
});

describe('no-workload', () => {
  it.each([
    ['an unknown controller kind', pods.unknownKind, 'Workflow (argoproj.io/v1alpha1) ingest-hourly-8wz4t'],
    ['an ownerless pod outside jenkins-prd', pods.ownerless, 'no owner and is not in jenkins-prd'],
    ['an owner that is not a controller', pods.ownerNotController, 'ConfigMap/sandbox-jdoe is not its controller'],
  ])('is %s', (_, pod, via) => {
    const [only] = explain(pod).containers;
    expect(only).toMatchObject({ rowKey: null, row: null, verdict: 'no-workload' });
    expect(only?.evidence[1]).toContain(via);
    expect(only?.nextPod).toMatch(/^Its next pod has no workload either/);
  });

  it('says the numbers even when there are none', () => {
    expect(explain(pods.ownerless).containers[0]?.reason).toBe(
      'The pod has no workload, so there is no row key and Kyverno left request none (limit none) as the pod arrived.',
    );
  });
});

describe('skipped-namespace and skipped-label', () => {
  it("are read from the registration's selectors", () => {
    const coredns = container(pods.coredns, 'coredns');
    expect(coredns).toMatchObject({ verdict: 'skipped-namespace', rowKey: 'kube-system_coredns_coredns', row: 64 * Mi });
    expect(coredns.reason).toBe(
      "The registration's namespaceSelector skips namespace kube-system, so Kyverno never saw the pod: request 70Mi (limit 170Mi) is as the pod arrived, and row kube-system_coredns_coredns (64Mi) was not applied.",
    );
    expect(coredns.evidence).toContain(
      "Entry mpol.validate.kyverno.svc-fail's namespaceSelector: kubernetes.io/metadata.name notin (kube-system, metallb-system, argocd-prd, argocd-hooks, kyverno-prd) is required, and the labels have kubernetes.io/metadata.name=kube-system (namespace kube-system).",
    );
    const ide = container(pods.kubecoder, 'ide');
    expect(ide).toMatchObject({ verdict: 'skipped-label', request: 0 });
    expect(ide.evidence).toContain(
      "Entry mpol.validate.kyverno.svc-fail's objectSelector: app.kubernetes.io/managed-by notin (kubecoder) is required, and the labels have app.kubernetes.io/managed-by=kubecoder.",
    );
    expect(ide.nextPod).toMatch(/^Its next pod is skipped too/);
  });

  it("judge the namespace by the name label the API server sets, even when the caller's labels lack it", () => {
    expect(container(pods.coredns, 'coredns', { namespaceLabels: {} }).verdict).toBe('skipped-namespace');
  });

  it('come before every other verdict', () => {
    const coredns = container(pods.coredns, 'coredns', { table: tableFrom(configMaps.tableEmpty) });
    expect(coredns.verdict).toBe('skipped-namespace');
  });
});

describe('no-table', () => {
  it('is a table without data now, and says what that cannot tell', () => {
    const explained = explain(pods.deployment, { table: tableFrom(configMaps.tableEmpty) });
    expect(explained.containers.map((c) => c.verdict)).toEqual(['no-table', 'no-table', 'no-table']);
    const app = explained.containers[1];
    expect(app?.reason).toBe(
      'The table has no data now, so Kyverno could not apply row shop_web_app (no table): request 512Mi (limit 1024Mi) is as the pod arrived.',
    );
    expect(app?.row).toBeNull();
    expect(explained.limits).toContain(
      'The table has no data now; whether it had data when the pod was created is not known without its history.',
    );
  });

  it('comes after no-workload', () => {
    expect(explain(pods.ownerless, { table: tableFrom(configMaps.tableEmpty) }).containers[0]?.verdict).toBe('no-workload');
  });
});

describe('registration-absent', () => {
  const gone: RegistrationState = { present: false, entry: null, absentSince: '2026-10-06T09:00:00Z' };

  it('is a pod created after the registration went', () => {
    const app = container(pods.deployment, 'app', { registration: gone });
    expect(app.verdict).toBe('registration-absent');
    expect(app.reason).toBe(
      'The pod was created at 2026-10-06T09:12:44Z, while the registration was absent (since 2026-10-06T09:00:00Z), so Kyverno never saw it: request 512Mi (limit 1024Mi) is as the pod arrived, and row shop_web_app (512Mi) was not applied.',
    );
    expect(app.evidence).toContain('The registration has been absent since 2026-10-06T09:00:00Z (3h ago).');
    expect(app.nextPod).toBe(
      'While the registration is absent, its next pod is admitted untouched and keeps the request its manifest gives (512Mi on this pod).',
    );
  });

  it('is not claimed for a pod older than the absence', () => {
    expect(container(pods.statefulSet, 'redis', { registration: gone }).verdict).toBe('stale');
  });

  it('is not claimed when the start of the absence is unknown, and the limits say so', () => {
    const explained = explain(pods.deployment, { registration: { present: false, entry: null, absentSince: null } });
    expect(explained.containers.map((c) => c.verdict)).toEqual(['set', 'set', 'capped']);
    expect(explained.limits).toContain(
      'When the registration went absent is not recorded, so registration-absent cannot be claimed for this pod.',
    );
    expect(explained.limits).toContain(
      'The registration is not there to read, so its selectors are unknown: whether they skip this pod cannot be judged.',
    );
  });
});

describe('unexplained', () => {
  it('says what was compared when a young pod differs from its row', () => {
    const jnlp = container(pods.jenkinsAgent, 'jnlp');
    expect(jnlp).toMatchObject({ rowKey: 'jenkins-prd_etl-v2_jnlp', request: 256 * Mi, row: 384 * Mi, verdict: 'unexplained' });
    expect(jnlp.reason).toBe(
      "Request 256Mi differs from row jenkins-prd_etl-v2_jnlp (384Mi), and the pod was created at 2026-10-06T10:02:17Z, after the table's last write at 2026-10-06T02:15:42Z, so no known reason fits.",
    );
    expect(container(pods.jenkinsAgent, 'build').verdict).toBe('set');
  });

  it('points at an untouched admission when the request is the defaulted limit', () => {
    const pod = copy(pods.deployment);
    const app = pod.spec.containers[0];
    if (app?.resources) delete app.resources.requests;
    const explained = container(pod, 'app');
    expect(explained).toMatchObject({ request: 1024 * Mi, verdict: 'unexplained' });
    expect(explained.evidence.at(-1)).toMatch(/^Request 1024Mi equal to the limit is what a pod keeps when Kyverno admits it untouched/);
  });

  it('is what a differing request gets when the last write time is unknown', () => {
    const table: TableState = { parsed: parseTable(configMaps.table.data), lastWriteAt: null };
    const explained = explain(pods.statefulSet, { table });
    expect(explained.containers[0]?.verdict).toBe('unexplained');
    expect(explained.containers[0]?.reason).toContain("the table's last write time is unknown");
    expect(explained.limits).toContain("The table's last write time is unknown, so no container can be judged stale.");
  });
});

describe('malformed rows', () => {
  const table = tableFrom(configMaps.tableMalformed);

  function shopPod(workload: string, container: string, request: string): PodShape {
    const pod = copy(pods.deployment);
    pod.metadata.ownerReferences = [
      {
        apiVersion: 'apps/v1',
        kind: 'ReplicaSet',
        name: `${workload}-6c9f7d8b45`,
        uid: 'd0a1b2c3-0000-4000-8000-000000000001',
        controller: true,
      },
    ];
    pod.spec = { containers: [{ name: container, resources: { requests: { memory: request }, limits: { memory: '2Gi' } } }] };
    return pod;
  }

  it('are unexplained when the row is no memory size at all', () => {
    const [sidecar] = explain(shopPod('web', 'sidecar', '128Mi'), { table }).containers;
    expect(sidecar).toMatchObject({ verdict: 'unexplained', rowKey: 'shop_web_sidecar', row: null });
    expect(sidecar?.reason).toBe(
      'Row shop_web_sidecar holds "abcMi", which is no memory size, so what Kyverno did with it cannot be judged: request 128Mi (limit 2048Mi).',
    );
  });

  it('are compared by their size when they have one, and the evidence says the row is malformed', () => {
    const [app] = explain(shopPod('big', 'app', '1Gi'), { table }).containers;
    expect(app).toMatchObject({ verdict: 'set', rowKey: 'shop_big_app', row: 1024 * Mi });
    expect(app?.evidence).toContain('Row shop_big_app is not in the <n>Mi form the snapshot writes; it was compared as 1024Mi.');
  });
});

describe('every sentence', () => {
  const all = [pods.deployment, pods.statefulSet, pods.daemonSet, pods.coredns, pods.kubecoder, pods.jenkinsAgent, pods.cnpg].flatMap(
    (pod) => explain(pod).containers,
  );

  it('gives the row key and the request in the reason', () => {
    for (const c of all) {
      expect(c.reason).toContain(c.rowKey ?? 'no row key');
      expect(c.reason).toMatch(/request|Request/);
    }
  });

  it('is one sentence per line of evidence, with no undefined or NaN in it', () => {
    for (const c of all) {
      for (const sentence of [c.reason, ...c.evidence, c.nextPod]) {
        expect(sentence).toMatch(/^[A-Z].*\.$/);
        expect(sentence).not.toMatch(/undefined|NaN|null/);
      }
    }
  });
});
