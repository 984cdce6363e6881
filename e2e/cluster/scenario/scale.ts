// `up --scale N`: N more pods across realistic workloads (Deployments and StatefulSets of 1–10 replicas with an app
// container and a sidecar), their rows in the table, and samples for every one of them (the bulk backfill) — for
// benchmarks.
import type { WorkloadSpec } from './model.ts';

const SERVICES = [
  'orders',
  'billing',
  'catalog',
  'search',
  'checkout',
  'invoices',
  'ledger',
  'notify',
  'auth',
  'media',
  'pricing',
  'stock',
  'reports',
  'gateway',
  'tracking',
  'profile',
  'reviews',
  'export',
  'import',
  'audit',
];
const ROLES = ['api', 'worker', 'consumer', 'web', 'sync'];
const REPLICAS = [1, 2, 3, 5, 8, 10, 6, 4, 7, 4]; // averages 5
const NAMESPACE_COUNT = 20;

export function scaleNamespaces(): string[] {
  return Array.from({ length: NAMESPACE_COUNT }, (_, i) => `scale-${String(i).padStart(2, '0')}`);
}

/** Deterministic, so a second `up --scale N` finds the same workloads and creates nothing new. */
export function scaleWorkloads(pods: number): WorkloadSpec[] {
  const workloads: WorkloadSpec[] = [];
  let total = 0;
  for (let i = 0; total < pods; i++) {
    const replicas = Math.min(REPLICAS[i % REPLICAS.length]!, pods - total);
    const service = SERVICES[i % SERVICES.length]!;
    const role = ROLES[Math.floor(i / SERVICES.length) % ROLES.length]!;
    const appMi = 64 + ((i * 37) % 900);
    workloads.push({
      namespace: scaleNamespaces()[i % NAMESPACE_COUNT]!,
      name: `${service}-${role}-${i}`,
      kind: i % 10 === 9 ? 'StatefulSet' : 'Deployment',
      replicas,
      parallelPods: true,
      containers: [
        { name: role, request: `${appMi * 2}Mi`, limit: `${appMi * 3}Mi`, workingSetMi: appMi },
        { name: 'envoy', request: '64Mi', limit: '128Mi', workingSetMi: 40 },
      ],
      rows: { [role]: `${Math.ceil(appMi * 1.1)}Mi`, envoy: '44Mi' },
    });
    total += replicas;
  }
  return workloads;
}
