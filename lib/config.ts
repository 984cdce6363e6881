// Every setting of docs/design.md's "The facts it follows", each overridable by an environment variable MEMDASH_*
// (all listed in docs/operations.md, "Settings").
// Parsed once: next.config.mjs calls loadSettings() so a bad value stops `next dev|build` before it serves, and
// instrumentation.ts (lib/server/config-start.ts) so it stops `next start` and the image's server; the server modules
// read the same parsed object through `settings`.
// No 'server-only' here: next.config.mjs runs in plain Node, where that import throws.
import { z } from 'zod';
import { authProblems } from './auth/mode.ts';
import { equalitySelector, namespaceName, objectName, rbacName } from './k8s/names.ts';

const positiveInt = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be above 0');
const zeroOrMore = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more');
const optionalText = z.string().trim().min(1).optional();
const metricName = (name: string) =>
  z
    .string()
    .regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'must be a Prometheus metric name')
    .default(name);
// A comma-separated list, as an environment variable carries it: each entry trimmed (and lower-cased where case does
// not count), empty entries dropped, every entry checked, and at least one.
function commaList<T extends z.ZodType<unknown, string>>(entry: T, atLeastOne: string, { lowerCase = false } = {}) {
  return z
    .string()
    .transform((text) =>
      text
        .split(',')
        .map((e) => (lowerCase ? e.trim().toLowerCase() : e.trim()))
        .filter(Boolean),
    )
    .pipe(z.array(entry).min(1, atLeastOne));
}

const namespaceList = commaList(namespaceName, 'must name at least one namespace');
// host or host:port: a DNS name, an IPv4 address or a bracketed IPv6 address, lower-cased.
const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*)(:\d{1,5})?$/;
const hostList = commaList(
  z.string().regex(HOST, 'each entry is host or host:port (a name, an IPv4 address or [an IPv6 address])'),
  'must name at least one host',
  { lowerCase: true },
);
// Host names or IP addresses: they are shown inside ssh commands, so nothing else is allowed.
const nodeList = commaList(
  z
    .string()
    .max(253)
    .regex(/^[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?$/, 'a node is a host name or an IPv4 address'),
  'must name at least one node',
);

// An HTTP header name as a proxy sends it (lower-cased).
const HEADER = /^[a-z0-9][a-z0-9-]{0,99}$/;
// IP addresses: the authenticating proxy's, as memdash sees them (the socket's peer).
const addressList = commaList(
  z.union([z.ipv4(), z.ipv6()], { error: 'each entry is an IPv4 or IPv6 address' }),
  'must name at least one address',
  { lowerCase: true },
);

/** Setting → [environment variable, schema with its default]. The variable is what an error names. */
const SETTINGS = {
  kyvernoNamespace: ['MEMDASH_KYVERNO_NAMESPACE', namespaceName.default('kyverno-prd')],
  tableConfigMap: ['MEMDASH_TABLE_CONFIGMAP', objectName.default('memory-requests')],
  snapshotCronJob: ['MEMDASH_SNAPSHOT_CRONJOB', objectName.default('memory-snapshot')],
  snapshotWindowDays: ['MEMDASH_SNAPSHOT_WINDOW_DAYS', positiveInt.default(28)],
  snapshotStepSeconds: ['MEMDASH_SNAPSHOT_STEP_SECONDS', positiveInt.default(300)],
  snapshotMetric: [
    'MEMDASH_SNAPSHOT_METRIC',
    z
      .string()
      .regex(/^[a-zA-Z_:][a-zA-Z0-9_:]*$/, 'must be a Prometheus metric name')
      .default('container_memory_working_set_bytes'),
  ],
  // kube-state-metrics' and cAdvisor's series of containers' ends and pods' evictions: the workload page reads the
  // window's OOM kills and evictions from them where they exist (a Prometheus without them is said, not an error)
  restartsMetric: ['MEMDASH_RESTARTS_METRIC', metricName('kube_pod_container_status_restarts_total')],
  lastTerminatedMetric: ['MEMDASH_LAST_TERMINATED_METRIC', metricName('kube_pod_container_status_last_terminated_reason')],
  podReasonMetric: ['MEMDASH_POD_REASON_METRIC', metricName('kube_pod_status_reason')],
  oomEventsMetric: ['MEMDASH_OOM_EVENTS_METRIC', metricName('container_oom_events_total')],
  // Series per Prometheus query of the preview: 2,000 series of 28 days at 300 s are ~16 M samples, a third of
  // Prometheus's default query.max-samples. Lower it for a Prometheus with a smaller limit.
  previewBatchSeries: ['MEMDASH_PREVIEW_BATCH_SERIES', positiveInt.max(5000, 'at most 5000 (the samples of one query)').default(2000)],
  // A preview starts at most once per this interval, whoever asks: one asked for within it is that run's, running or
  // ended (lib/views/snapshot-preview.ts), so connecting and hanging up cannot make Prometheus compute it again.
  previewMinIntervalMs: ['MEMDASH_PREVIEW_MIN_INTERVAL_MS', zeroOrMore.default(10000)],
  admissionDeployment: ['MEMDASH_ADMISSION_DEPLOYMENT', objectName.default('kyverno-admission-controller')],
  admissionReplicas: ['MEMDASH_ADMISSION_REPLICAS', positiveInt.default(3)],
  admissionPodSelector: ['MEMDASH_ADMISSION_POD_SELECTOR', equalitySelector.default('app.kubernetes.io/component=admission-controller')],
  webhookConfiguration: ['MEMDASH_WEBHOOK_CONFIGURATION', objectName.default('kyverno-resource-mutating-webhook-cfg')],
  webhookEntry: ['MEMDASH_WEBHOOK_ENTRY', objectName.default('mpol.validate.kyverno.svc-fail')],
  webhookOwner: ['MEMDASH_WEBHOOK_OWNER', rbacName.default('kyverno-prd:webhook')],
  webhookManagedBySelector: ['MEMDASH_WEBHOOK_MANAGED_BY_SELECTOR', equalitySelector.default('webhook.kyverno.io/managed-by=kyverno')],
  mutatingPolicy: ['MEMDASH_MUTATING_POLICY', objectName.default('memory-requests')],
  globalContextEntry: ['MEMDASH_GLOBAL_CONTEXT_ENTRY', objectName.default('memory-requests')],
  probeNamespace: ['MEMDASH_PROBE_NAMESPACE', namespaceName.default('development')],
  probePod: ['MEMDASH_PROBE_POD', objectName.default('kyverno-probe')],
  // Where the cluster repairs itself from (besides Kyverno's namespace): a Fail webhook covering them is flagged.
  bootstrapNamespaces: ['MEMDASH_BOOTSTRAP_NAMESPACES', namespaceList.default(['kube-system', 'argocd-prd', 'argocd-hooks'])],
  // The break-glass's fallback when the API server or the token is the broken thing: kubectl on these over ssh.
  controlPlaneNodes: ['MEMDASH_CONTROL_PLANE_NODES', nodeList.default(['srvk8s1', 'srvk8s2', 'srvk8s3'])],
  probeImage: [
    'MEMDASH_PROBE_IMAGE',
    z
      .string()
      .regex(/^[^\s]+$/, 'must be an image reference without spaces')
      .default('busybox'),
  ],
  jenkinsNamespace: ['MEMDASH_JENKINS_NAMESPACE', namespaceName.default('jenkins-prd')],
  prometheusUrl: ['MEMDASH_PROMETHEUS_URL', z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()],
  kubeContext: ['MEMDASH_KUBE_CONTEXT', optionalText],
  // The clusters memdash reads, a YAML file (docs/operations.md, "Several clusters"); without it, the one cluster of
  // the kubeconfig's context, named MEMDASH_CLUSTER_NAME (else after the context).
  clustersFile: ['MEMDASH_CLUSTERS', optionalText],
  clusterName: [
    'MEMDASH_CLUSTER_NAME',
    z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, 'must be a DNS label: lower-case letters, digits and -, at most 63')
      .optional(),
  ],
  kubeTimeoutMs: ['MEMDASH_KUBE_TIMEOUT_MS', positiveInt.default(5000)],
  // How often each watch-fed cache compares its names with a fresh list (a change its watch never delivered is then
  // repaired by a relist): a list of names costs a small part of a full list, even at 150,000 pods.
  cacheCheckSeconds: ['MEMDASH_CACHE_CHECK_SECONDS', positiveInt.default(600)],
  // How the runbook's commands are shown for copying: the operators run kubectl through KubeCoder's cexec.
  kubectl: ['MEMDASH_KUBECTL', z.string().trim().min(1).default('cexec iac kubectl')],
  // The history store (table versions, registration gaps, imports, audit records): a SQLite file, created on first start.
  historyPath: ['MEMDASH_HISTORY_PATH', z.string().trim().min(1).default('./data/memdash.sqlite')],
  // What imports of saved tables may hold in the store, all imports together (a write credential may import, and
  // an import is never deleted): past either, an import is refused with 409, naming the setting to raise.
  historyImportsMax: ['MEMDASH_HISTORY_IMPORTS_MAX', positiveInt.default(100)],
  historyImportBytesMax: ['MEMDASH_HISTORY_IMPORT_BYTES_MAX', positiveInt.default(64 * 1024 * 1024)],
  // A PostgreSQL store instead of the SQLite file, for several replicas: postgres://user:password@host:port/db.
  // Its value is never shown, not even in an error: it holds the password.
  databaseUrl: [
    'DATABASE_URL',
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\/[^\s]+$/, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ],
  // off for replicas that should only serve: one recorder per store is enough (two are harmless).
  recorder: ['MEMDASH_RECORDER', z.enum(['on', 'off'], { error: 'must be on or off' }).default('on')],
  // namespace/name of a coordination.k8s.io Lease: of the replicas on one store, only its holder records. Unset:
  // every replica with the recorder on records (one replica, or SQLite).
  recorderLease: [
    'MEMDASH_RECORDER_LEASE',
    z
      .string()
      .regex(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?\/[a-z0-9]([-.a-z0-9]*[a-z0-9])?$/, 'must be namespace/name of a Lease')
      .optional(),
  ],
  // How long a holder that stopped renewing keeps the Lease: a killed leader's successor starts within this.
  recorderLeaseSeconds: ['MEMDASH_RECORDER_LEASE_SECONDS', positiveInt.default(15)],
  prometheusTimeoutMs: ['MEMDASH_PROMETHEUS_TIMEOUT_MS', positiveInt.default(15000)],
  // What one read of Prometheus may cost (docs/operations.md#prometheus-limits): a query_range read series by series
  // may send this many MB; an answer parsed whole (an instant query, the charts' query_range, a series check) this
  // many, for it is held in memory with its parse; and any read may take this long from query to last byte.
  prometheusMaxAnswerMb: ['MEMDASH_PROMETHEUS_MAX_ANSWER_MB', positiveInt.default(1024)],
  prometheusMaxParsedMb: ['MEMDASH_PROMETHEUS_MAX_PARSED_MB', positiveInt.default(32)],
  prometheusDeadlineMs: ['MEMDASH_PROMETHEUS_DEADLINE_MS', positiveInt.default(120000)],
  // The most a diff of large tables may take, from its request to its body's last byte (waiting its turn, the
  // diff in its worker thread, the download): its worker is ended then, whether or not the client is still there.
  diffDeadlineMs: ['MEMDASH_DIFF_DEADLINE_MS', positiveInt.default(60000)],
  // The Host names memdash answers (host or host:port, comma-separated); unset: the loopback names on the port it
  // listens on. Any other Host gets 421, so a DNS-rebound name cannot reach the pages or the write routes.
  allowedHosts: ['MEMDASH_ALLOWED_HOSTS', hostList.optional()],
  // Answers made for one client (its address; behind MEMDASH_TRUST_PROXY, the proxy's X-Forwarded-For) per 10 s: a copy
  // of an answer shared with others is free. Past it, 429 with Retry-After. 0: no limit.
  readLimit: ['MEMDASH_READ_LIMIT', zeroOrMore.default(60)],
  // POST /api/access per client per minute (each asks the cluster up to 20 access reviews). 0: no limit.
  accessLimit: ['MEMDASH_ACCESS_LIMIT', zeroOrMore.default(30)],
  // Other POSTs (the writes, the restore's diff, sign-out) per client per minute: each write asks the cluster who its
  // credential is, whatever it holds. Not the probe, which has its own interval. 0: no limit.
  writeLimit: ['MEMDASH_WRITE_LIMIT', zeroOrMore.default(60)],
  // on only when a reverse proxy in front sets X-Forwarded-Host and X-Forwarded-Proto: otherwise a client could.
  trustProxy: ['MEMDASH_TRUST_PROXY', z.enum(['on', 'off'], { error: 'must be on or off' }).default('off')],
  // Who may read (docs/sign-in.md): oidc signs people in with an OpenID provider, proxy takes them from an
  // authenticating proxy's headers, none lets anyone who reaches an allowed host read (loopback hosts only, unless
  // MEMDASH_AUTH_NONE_ON_NETWORK=on says that is meant).
  auth: ['MEMDASH_AUTH', z.enum(['oidc', 'proxy', 'none'], { error: 'must be oidc, proxy or none' }).default('none')],
  authNoneOnNetwork: ['MEMDASH_AUTH_NONE_ON_NETWORK', z.enum(['on', 'off'], { error: 'must be on or off' }).default('off')],
  oidcIssuer: ['MEMDASH_OIDC_ISSUER', z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional()],
  oidcClientId: ['MEMDASH_OIDC_CLIENT_ID', optionalText],
  // From the chart's Secret; never shown, not even in an error.
  oidcClientSecret: ['MEMDASH_OIDC_CLIENT_SECRET', optionalText],
  // The address people reach memdash at (https://memdash.example.internal): the provider sends them back to
  // <it>/auth/callback, and the session cookie is Secure when it is https.
  publicUrl: ['MEMDASH_PUBLIC_URL', z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()],
  oidcScopes: [
    'MEMDASH_OIDC_SCOPES',
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]+( [\x21-\x7e]+)*$/, 'space-separated scopes')
      .default('openid profile email offline_access'),
  ],
  // The claim that names the person (Kubernetes's --oidc-username-claim), and the prefixes the API server puts before
  // names and groups (--oidc-username-prefix, --oidc-groups-prefix): memdash asks the cluster about the same names.
  oidcUsernameClaim: ['MEMDASH_OIDC_USERNAME_CLAIM', z.string().trim().min(1).max(100).default('sub')],
  oidcUsernamePrefix: ['MEMDASH_OIDC_USERNAME_PREFIX', z.string().max(100).default('')],
  oidcGroupsPrefix: ['MEMDASH_OIDC_GROUPS_PREFIX', z.string().max(100).default('')],
  // The claim of the ID token that lists the person's groups (Kubernetes's --oidc-groups-claim).
  oidcGroupsClaim: ['MEMDASH_OIDC_GROUPS_CLAIM', z.string().trim().min(1).max(100).default('groups')],
  // The key sessions are sealed with: 32 random bytes, base64. Every replica has the same one (a Secret); a new key
  // ends every session. Never shown.
  sessionKey: [
    'MEMDASH_SESSION_KEY',
    z
      .string()
      .trim()
      .refine((text) => Buffer.from(text, 'base64').length === 32, 'must be 32 bytes, base64 (openssl rand -base64 32)')
      .optional(),
  ],
  sessionHours: ['MEMDASH_SESSION_HOURS', positiveInt.max(168, 'at most 168 (a week)').default(12)],
  // oidc: a signed-in person who pastes nothing writes with their own ID token, as the API server takes it (its
  // RBAC decides). Off: every write takes the operator's write credential (prd-write), signed in or not.
  writeAsUser: ['MEMDASH_WRITE_AS_USER', z.enum(['on', 'off'], { error: 'must be on or off' }).default('off')],
  // proxy: the identity headers count only on a request that carries this secret in MEMDASH_PROXY_SECRET_HEADER, or
  // that comes from one of MEMDASH_PROXY_ADDRESSES; from anyone else they are ignored.
  proxySecret: ['MEMDASH_PROXY_SECRET', z.string().trim().min(16, 'must be at least 16 characters').optional()],
  proxySecretHeader: [
    'MEMDASH_PROXY_SECRET_HEADER',
    z.string().trim().toLowerCase().regex(HEADER, 'must be a header name').default('x-memdash-proxy-secret'),
  ],
  proxyAddresses: ['MEMDASH_PROXY_ADDRESSES', addressList.optional()],
  proxyUserHeader: [
    'MEMDASH_PROXY_USER_HEADER',
    z.string().trim().toLowerCase().regex(HEADER, 'must be a header name').default('x-auth-request-user'),
  ],
  proxyEmailHeader: [
    'MEMDASH_PROXY_EMAIL_HEADER',
    z.string().trim().toLowerCase().regex(HEADER, 'must be a header name').default('x-auth-request-email'),
  ],
  proxyGroupsHeader: [
    'MEMDASH_PROXY_GROUPS_HEADER',
    z.string().trim().toLowerCase().regex(HEADER, 'must be a header name').default('x-auth-request-groups'),
  ],
  // Members of this group read the audit log; unset, nobody signed in does (in none mode, everyone does).
  auditGroup: ['MEMDASH_AUDIT_GROUP', optionalText],
  // How long what a person may read (their access reviews) is kept before it is asked again.
  rightsTtlSeconds: ['MEMDASH_RIGHTS_TTL_SECONDS', positiveInt.max(3600, 'at most 3600').default(60)],
  // /metrics answers only with this bearer token when set (any signed-in mode); unset, it answers everyone.
  metricsToken: ['MEMDASH_METRICS_TOKEN', z.string().trim().min(16, 'must be at least 16 characters').optional()],
  // The probe is a pod create through admission: at most one per interval, whoever asks.
  probeMinIntervalMs: [
    'MEMDASH_PROBE_MIN_INTERVAL_MS',
    z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').default(5000),
  ],
} as const;

type Spec = typeof SETTINGS;
export type Settings = { [K in keyof Spec]: z.output<Spec[K][1]> };

export class SettingsError extends Error {
  readonly problems: string[];
  // a plain field, not a parameter property: next.config.mjs loads this file through Node's type stripping
  constructor(problems: string[]) {
    super(`memdash: bad settings, not starting:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'SettingsError';
    this.problems = problems;
  }
}

/** Parses every MEMDASH_* variable; throws one SettingsError naming each bad variable (never its value). */
export function loadSettings(env: Record<string, string | undefined>): Settings {
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, [variable, schema]] of Object.entries(SETTINGS)) {
    const raw = env[variable];
    // An empty variable means "not set", as in a shell `VAR= cmd`.
    const result = (schema as z.ZodType).safeParse(raw === '' ? undefined : raw);
    if (result.success) out[key] = result.data;
    else problems.push(`${variable}: ${result.error.issues.map((i) => i.message).join('; ')}`);
  }
  if (problems.length === 0) problems.push(...authProblems(out as Settings));
  if (problems.length > 0) throw new SettingsError(problems);
  return Object.freeze(out) as Settings;
}

/** A setting's schema, to check the same value where it comes from elsewhere (a cluster's entry in MEMDASH_CLUSTERS). */
export function schemaOf(key: keyof Settings): z.ZodType {
  return SETTINGS[key][1] as z.ZodType;
}

/** The environment variable behind a setting, for messages that tell the operator what to change. */
export function variableOf(key: keyof Settings): string {
  return SETTINGS[key][0];
}

let parsed: Settings | undefined;

/** The settings of this process, parsed on first use (next.config.mjs or instrumentation.ts has already refused bad ones). */
export function settings(): Settings {
  parsed ??= loadSettings(process.env);
  return parsed;
}
