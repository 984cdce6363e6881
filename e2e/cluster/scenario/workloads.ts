// The seeded scenario, shaped like production: covered application namespaces, the skipped system and GitOps
// namespaces, Jenkins agents, a CloudNativePG cluster, and the table's rows for most of it.
import { BATCH_NAMESPACE, BATCH_WORKLOADS } from './batch-pool.ts';
import type { WorkloadSpec } from './model.ts';

export const NAMESPACES = [
  'development',
  'jenkins-prd',
  'kube-system',
  'metallb-system',
  'argocd-prd',
  'argocd-hooks',
  'kyverno-prd',
  'shop',
  'payments',
  'monitoring',
  'tools',
  'orders',
  BATCH_NAMESPACE,
];

export const WORKLOADS: WorkloadSpec[] = [
  // shop: a Deployment rolled twice with an init container, a row above its limit, a StatefulSet, a CronJob
  {
    namespace: 'shop',
    name: 'web',
    kind: 'Deployment',
    replicas: 2,
    rollouts: 2,
    initContainers: [{ name: 'migrate', request: '64Mi', limit: '128Mi', workingSetMi: 38 }],
    containers: [
      { name: 'app', request: '256Mi', limit: '512Mi', workingSetMi: 280 },
      { name: 'nginx', request: '32M', limit: '64M', workingSetMi: 21 },
    ],
    rows: { migrate: '40Mi', app: '300Mi', nginx: '24Mi' },
  },
  {
    namespace: 'shop',
    name: 'cart',
    kind: 'Deployment',
    replicas: 1,
    containers: [{ name: 'cart', limit: '256Mi', workingSetMi: 390 }],
    rows: { cart: '400Mi' },
  },
  {
    namespace: 'shop',
    name: 'redis',
    kind: 'StatefulSet',
    replicas: 2,
    containers: [{ name: 'redis', request: '1Gi', limit: '2Gi', workingSetMi: 650 }],
    rows: { redis: '700Mi' },
  },
  {
    namespace: 'shop',
    name: 'nightly-report',
    kind: 'CronJob',
    runs: ['29412495', '29413935'],
    containers: [{ name: 'report', request: '536870912', limit: '1G', workingSetMi: 410 }],
    rows: { report: '450Mi' },
  },
  // a row above the limit of a container that asked for less: Kyverno gives it its limit
  {
    namespace: 'shop',
    name: 'search',
    kind: 'Deployment',
    replicas: 1,
    containers: [{ name: 'search', request: '128Mi', limit: '512Mi', workingSetMi: 560 }],
    rows: { search: '600Mi' },
  },
  {
    namespace: 'shop',
    name: 'fresh-api',
    kind: 'Deployment',
    replicas: 1,
    containers: [{ name: 'api', request: '128Mi', limit: '256Mi' }],
  }, // new: no row, no samples
  {
    namespace: 'shop',
    name: 'legacy-worker',
    kind: 'Deployment',
    replicas: 0,
    goneFromWindow: true,
    containers: [{ name: 'worker', request: '256Mi', limit: '512Mi', workingSetMi: 180 }],
    rows: { worker: '190Mi' },
  },
  // how sure a row is: a new Deployment with 4 days of samples, a StatefulSet whose pod 0 (the leader) works 2.5
  // times the others, and a Deployment whose working set spikes to four times itself every 6 hours
  {
    namespace: 'shop',
    name: 'recommender',
    kind: 'Deployment',
    replicas: 1,
    samples: { days: 4 },
    containers: [{ name: 'recommender', request: '128Mi', limit: '512Mi', workingSetMi: 200 }],
    rows: { recommender: '230Mi' },
  },
  {
    namespace: 'shop',
    name: 'kafka',
    kind: 'StatefulSet',
    replicas: 12,
    parallelPods: true,
    samples: { hotPod: { ordinal: 0, factor: 2.5 } },
    containers: [{ name: 'broker', request: '256Mi', limit: '2Gi', workingSetMi: 300 }],
    rows: { broker: '340Mi' },
  },
  {
    namespace: 'shop',
    name: 'thumbnailer',
    kind: 'Deployment',
    replicas: 1,
    samples: { spikes: { everyHours: 6, factor: 4 } },
    containers: [{ name: 'thumbnailer', request: '128Mi', limit: '1Gi', workingSetMi: 120 }],
    rows: { thumbnailer: '140Mi' },
  },

  // payments: Gi quantities, a Deployment rolled twice, a CloudNativePG cluster, a validation Job <job>-<build>
  // its pods were sized from an older table (850Mi); the table was rewritten after them
  {
    namespace: 'payments',
    name: 'api',
    kind: 'Deployment',
    replicas: 2,
    rollouts: 2,
    containers: [{ name: 'api', request: '1Gi', limit: '1536Mi', workingSetMi: 820 }],
    rows: { api: '900Mi' },
    rowsAtCreation: { api: '850Mi' },
  },
  // created during a break-glass (Kyverno at zero, registrations deleted): it kept its manifest's 256Mi
  {
    namespace: 'payments',
    name: 'ledger',
    kind: 'Deployment',
    replicas: 1,
    createdWhileRegistrationDeleted: true,
    containers: [{ name: 'ledger', request: '256Mi', limit: '512Mi', workingSetMi: 290 }],
    rows: { ledger: '310Mi' },
  },
  {
    namespace: 'payments',
    name: 'pg-main',
    kind: 'Cluster',
    replicas: 2,
    initContainers: [{ name: 'bootstrap-controller', request: '32Mi', workingSetMi: 12 }],
    containers: [{ name: 'postgres', request: '2Gi', limit: '4Gi', workingSetMi: 1750 }],
    rows: { 'bootstrap-controller': '16Mi', postgres: '1800Mi' },
  },
  {
    namespace: 'payments',
    name: 'validate-config',
    kind: 'Job',
    runs: ['231'],
    containers: [{ name: 'validate', limit: '128Mi', workingSetMi: 45 }],
    rows: { validate: '50Mi' },
  },

  {
    namespace: 'monitoring',
    name: 'node-exporter',
    kind: 'DaemonSet',
    containers: [{ name: 'node-exporter', request: '50Mi', workingSetMi: 28 }],
    rows: { 'node-exporter': '30Mi' },
  },

  // development: where the probe runs; an ownerless pod has no workload
  {
    namespace: 'development',
    name: 'sandbox',
    kind: 'Deployment',
    replicas: 1,
    containers: [{ name: 'shell', limit: '256Mi', workingSetMi: 60 }],
    rows: { shell: '64Mi' },
  },
  {
    namespace: 'development',
    name: 'debug-shell',
    kind: 'Pod',
    containers: [{ name: 'shell', request: '64Mi', limit: '128Mi', workingSetMi: 20 }],
  },

  // jenkins-prd: ownerless build agents <job>-<build>-<suffix>, a job name with digits in it
  {
    namespace: 'jenkins-prd',
    name: 'build-app',
    kind: 'JenkinsAgent',
    runs: ['42'],
    containers: [
      { name: 'jnlp', request: '256Mi', limit: '512Mi', workingSetMi: 300 },
      { name: 'build', limit: '2Gi', workingSetMi: 1100 },
    ],
    rows: { jnlp: '320Mi', build: '1200Mi' },
  },
  {
    namespace: 'jenkins-prd',
    name: 'etl-v2',
    kind: 'JenkinsAgent',
    runs: ['117'],
    containers: [{ name: 'jnlp', request: '256Mi', limit: '512Mi', workingSetMi: 290 }],
    rows: { jnlp: '310Mi' },
  },

  // tools: KubeCoder's environments, skipped by label although a row exists
  {
    namespace: 'tools',
    name: 'kubecoder-alice',
    kind: 'Deployment',
    replicas: 1,
    podLabels: { 'app.kubernetes.io/managed-by': 'kubecoder' },
    containers: [{ name: 'ide', request: '0', limit: '4Gi', workingSetMi: 900 }],
    rows: { ide: '950Mi' },
  },

  // orders: OOM kills and an eviction, live (KWOK writes them) and in the backfill's kube-state-metrics series; a JVM
  // and a Node.js process whose heap ceilings are above their requests
  {
    namespace: 'orders',
    name: 'checkout',
    kind: 'Deployment',
    replicas: 2,
    oomKill: 'checkout',
    pastOomKills: { container: 'checkout', daysAgo: [3, 10] },
    containers: [
      {
        name: 'checkout',
        request: '256Mi',
        limit: '1Gi',
        workingSetMi: 310,
        env: { JAVA_TOOL_OPTIONS: '-Xmx1g -XX:+UseG1GC' },
      },
    ],
    rows: { checkout: '300Mi' },
  },
  {
    namespace: 'orders',
    name: 'batch',
    kind: 'Deployment',
    replicas: 1,
    evict: true,
    pastEvictionDaysAgo: 5,
    containers: [
      {
        name: 'worker',
        request: '128Mi',
        limit: '512Mi',
        workingSetMi: 200,
        args: ['node', '--max-old-space-size=384', 'worker.js'],
      },
    ],
    rows: { worker: '210Mi' },
  },

  // the skipped namespaces
  {
    namespace: 'kube-system',
    name: 'coredns',
    kind: 'Deployment',
    replicas: 2,
    containers: [{ name: 'coredns', request: '70Mi', limit: '170Mi', workingSetMi: 25 }],
  },
  {
    namespace: 'kube-system',
    name: 'kube-proxy',
    kind: 'DaemonSet',
    containers: [{ name: 'kube-proxy', request: '64Mi', workingSetMi: 30 }],
  },
  {
    namespace: 'metallb-system',
    name: 'speaker',
    kind: 'DaemonSet',
    containers: [{ name: 'speaker', request: '64Mi', limit: '128Mi', workingSetMi: 40 }],
  },
  {
    namespace: 'argocd-prd',
    name: 'argocd-server',
    kind: 'Deployment',
    replicas: 1,
    containers: [{ name: 'server', request: '256Mi', limit: '512Mi', workingSetMi: 120 }],
  },
  {
    namespace: 'argocd-prd',
    name: 'argocd-application-controller',
    kind: 'StatefulSet',
    replicas: 1,
    containers: [{ name: 'application-controller', request: '1Gi', limit: '2Gi', workingSetMi: 700 }],
  },
  {
    namespace: 'argocd-hooks',
    name: 'presync-db-migrate',
    kind: 'Job',
    runs: ['7'],
    containers: [{ name: 'migrate', request: '128Mi', limit: '256Mi', workingSetMi: 60 }],
  },
  {
    namespace: 'kyverno-prd',
    name: 'kyverno-admission-controller',
    kind: 'Deployment',
    replicas: 3,
    onePerNode: true,
    podLabels: { 'app.kubernetes.io/component': 'admission-controller', 'app.kubernetes.io/part-of': 'kyverno' },
    containers: [{ name: 'kyverno', request: '256Mi', limit: '1Gi', workingSetMi: 210 }],
  },
  ...BATCH_WORKLOADS,
];

export const NODES = ['srvk8s1', 'srvk8s2', 'srvk8s3'];
