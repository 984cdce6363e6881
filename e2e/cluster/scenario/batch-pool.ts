// The batch pool: a fourth, tainted node with little allocatable memory, and namespace batch with a ResourceQuota on
// requests.memory (written in decimal units, as operators often do) and a LimitRange. Today's table fits them; the
// next table (the backfill's p90s, well above today's rows for all but trim) over-commits the node, makes big's next
// pod fit on no node, has the quota refuse ingest's, etl's and big's next pods, and puts trim below the LimitRange's
// limit-to-request ratio. Only the batch pool's pods tolerate the taint, so nothing else lands on the node.
import type { WorkloadSpec } from './model.ts';

export const BATCH_NAMESPACE = 'batch';
export const BATCH_NODE = 'srvk8s4';
export const BATCH_POOL = { label: 'memdash.local/pool', value: 'batch' };
export const BATCH_ALLOCATABLE = '2200Mi';
export const BATCH_QUOTA = { name: 'batch-memory', hard: '2200M' };
export const BATCH_LIMITS = { name: 'batch-bounds', max: '2Gi', maxLimitRequestRatio: '4' };

const pooled = (w: Omit<WorkloadSpec, 'namespace' | 'kind' | 'pool'>): WorkloadSpec => ({
  namespace: BATCH_NAMESPACE,
  kind: 'Deployment',
  pool: BATCH_POOL,
  ...w,
});

export const BATCH_WORKLOADS: WorkloadSpec[] = [
  pooled({
    name: 'ingest',
    replicas: 2,
    containers: [{ name: 'ingest', request: '300Mi', limit: '1Gi', workingSetMi: 600 }],
    rows: { ingest: '300Mi' },
  }),
  pooled({ name: 'etl', containers: [{ name: 'etl', request: '400Mi', limit: '1Gi', workingSetMi: 560 }], rows: { etl: '400Mi' } }),
  pooled({ name: 'trim', containers: [{ name: 'trim', request: '256Mi', limit: '1Gi', workingSetMi: 150 }], rows: { trim: '256Mi' } }),
  pooled({ name: 'big', containers: [{ name: 'big', request: '400Mi', limit: '1536Mi', workingSetMi: 1100 }], rows: { big: '400Mi' } }),
];

export function batchPoolObjects(): object[] {
  const metadata = (name: string) => ({ name, namespace: BATCH_NAMESPACE });
  return [
    {
      apiVersion: 'v1',
      kind: 'ResourceQuota',
      metadata: metadata(BATCH_QUOTA.name),
      spec: { hard: { 'requests.memory': BATCH_QUOTA.hard } },
    },
    {
      apiVersion: 'v1',
      kind: 'LimitRange',
      metadata: metadata(BATCH_LIMITS.name),
      spec: {
        limits: [
          { type: 'Container', max: { memory: BATCH_LIMITS.max }, maxLimitRequestRatio: { memory: BATCH_LIMITS.maxLimitRequestRatio } },
        ],
      },
    },
  ];
}
