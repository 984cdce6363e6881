// Many people signed in at once (run by `npm run bench`, or by hand; prints figures, not a timed test): 50 clients as
// 5 people with different rights, each client on one pod's page, its explanation and /pods in turn for 30 s, through
// an authenticating proxy's headers (MEMDASH_AUTH=proxy with its shared secret). The p95, the errors, and the rights
// checks memdash made (its /metrics) per person per rights TTL. `node bench/signin.ts [seconds] [clients]`; needs the
// local cluster and a `next build`. It binds the 5 people's rights in the local cluster itself (PEOPLE, below).
import { randomBytes } from 'node:crypto';
import { applyObjects, kubectl } from '../e2e/cluster/lib/kubectl.ts';
import { readState } from '../e2e/cluster/lib/state.ts';
import { loadSettings } from '../lib/config.ts';
import { percentile, startMemdash, stopMemdash, waitForCaches } from './harness.ts';
import { atMost, shown } from './figures.ts';

const SECONDS = Number(process.argv[2] ?? 30);
const CLIENTS = Number(process.argv[3] ?? 50);
if (!readState()) throw new Error('no local cluster: run npm run cluster:up');

/** How memdash is started: behind a proxy that names the person, trusted by its secret. */
const SECRET = randomBytes(24).toString('hex');
const ENV = { MEMDASH_AUTH: 'proxy', MEMDASH_PROXY_SECRET: SECRET };
const settings = loadSettings({ ...process.env, ...ENV });
const PERIOD_SECONDS = settings.rightsTtlSeconds;

/** Someone signed in at the proxy: their name and group, and what the cluster lets them read (bound below). */
interface Person {
  user: string;
  group: string;
  pods: 'all' | string[];
  table: boolean;
}

const PEOPLE: Person[] = [
  { user: 'bench-everything', group: 'bench-platform', pods: 'all', table: true },
  { user: 'bench-shop-payments', group: 'bench-shop-payments', pods: ['shop', 'payments'], table: false },
  { user: 'bench-shop', group: 'bench-shop', pods: ['shop'], table: false },
  { user: 'bench-table-only', group: 'bench-table', pods: [], table: true },
  { user: 'bench-nothing', group: 'bench-nobody', pods: [], table: false },
];

/**
 * Their bindings, applied with the admin kubeconfig each run (server-side apply: idempotent) and left in place: the
 * dashboard's read role (memdash-viewer, e2e/cluster/scenario/rbac.ts) cluster-wide or per namespace, and a Role that
 * may get only the table's ConfigMap.
 */
function rbacObjects(): object[] {
  const labels = { 'app.kubernetes.io/part-of': 'memdash-bench' };
  const rbac = 'rbac.authorization.k8s.io';
  const viewer = { apiGroup: rbac, kind: 'ClusterRole', name: 'memdash-viewer' };
  const binding = (kind: string, name: string, group: string, roleRef: object, namespace?: string) => ({
    apiVersion: `${rbac}/v1`,
    kind,
    metadata: { name, labels, ...(namespace ? { namespace } : {}) },
    roleRef,
    subjects: [{ apiGroup: rbac, kind: 'Group', name: group }],
  });
  const tableRole = {
    apiVersion: `${rbac}/v1`,
    kind: 'Role',
    metadata: { name: 'memdash-bench-table', namespace: settings.kyvernoNamespace, labels },
    rules: [{ apiGroups: [''], resources: ['configmaps'], resourceNames: [settings.tableConfigMap], verbs: ['get'] }],
  };
  const tableReader = { apiGroup: rbac, kind: 'Role', name: tableRole.metadata.name };
  const bindingsOf = (p: Person) => {
    // memdash-viewer everywhere reads the table too
    if (p.pods === 'all') return [binding('ClusterRoleBinding', p.user, p.group, viewer)];
    const reads = p.pods.map((namespace) => binding('RoleBinding', p.user, p.group, viewer, namespace));
    return p.table ? [...reads, binding('RoleBinding', p.user, p.group, tableReader, settings.kyvernoNamespace)] : reads;
  };
  return [tableRole, ...PEOPLE.flatMap(bindingsOf)];
}

/** The headers the proxy adds to what it forwards for `person`. */
const headersOf = (person: Person): Record<string, string> => ({
  [settings.proxySecretHeader]: SECRET,
  [settings.proxyUserHeader]: person.user,
  [settings.proxyGroupsHeader]: person.group,
});

const seesShop = (person: Person) => person.pods === 'all' || person.pods.includes('shop');

interface Counted {
  checks: number;
  reviews: number;
  copied: number;
  reused: number;
}

/**
 * memdash's counters from its /metrics: rights checks and the access reviews they made, and the answers it copied
 * (made while the request waited) or reused (kept a second) instead of making them for the request.
 */
async function countedSoFar(url: string): Promise<Counted> {
  const metrics = await (await fetch(`${url}/metrics`)).text();
  const counter = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(metrics)?.[1] ?? NaN);
  return {
    checks: counter('memdash_rights_checks_total'),
    reviews: counter('memdash_subject_access_reviews_total'),
    copied: counter('memdash_http_requests_collapsed_total'),
    reused: counter('memdash_http_requests_reused_total'),
  };
}

/**
 * What each person reads, as memdash answers them: which of three namespaces' pods they see, and whether they get the
 * table. Throws when that is not what PEOPLE binds: the figures would be of people whose rights are not different.
 */
async function checkRights(url: string): Promise<void> {
  const probed = ['shop', 'payments', 'development'];
  for (const person of PEOPLE) {
    const headers = headersOf(person);
    const seen: string[] = [];
    for (const namespace of probed) {
      const answer = (await (await fetch(`${url}/api/pods?namespace=${namespace}&limit=1`, { headers })).json()) as { total: number };
      if (answer.total > 0) seen.push(namespace);
    }
    const tableAnswer = await fetch(`${url}/api/table`, { headers });
    await tableAnswer.arrayBuffer();
    const table = tableAnswer.status;
    const expected = person.pods === 'all' ? probed : probed.filter((n) => person.pods.includes(n));
    console.log(`${person.user.padEnd(20)} sees pods in [${seen.join(', ')}], the table: ${table === 200 ? 'yes' : `no (${table})`}`);
    if (seen.join() !== expected.join() || (table === 200) !== person.table)
      throw new Error(`${person.user} does not read what the benchmark bound for them: is the cluster's RBAC as rbacObjects() says?`);
  }
}

interface Answer {
  target: string;
  person: string;
  ms: number;
  error: boolean;
}

/**
 * `clients` loops, client i as person i mod 5, each asking the next of `targets` as soon as it has its answer, for
 * `seconds`. An error is any status other than the one the person's rights give (404 for a pod they may not list).
 */
async function load(url: string, targets: Array<{ name: string; path: string; withoutShop: number }>, seconds: number, clients: number) {
  const answers: Answer[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      const person = PEOPLE[client % PEOPLE.length]!;
      const headers = headersOf(person);
      for (let i = client; performance.now() < end; i++) {
        const target = targets[i % targets.length]!;
        const expected = seesShop(person) ? 200 : target.withoutShop;
        const t = performance.now();
        let error = false;
        try {
          const response = await fetch(`${url}${target.path}`, { headers });
          await response.arrayBuffer();
          error = response.status !== expected;
        } catch {
          error = true;
        }
        answers.push({ target: target.name, person: person.user, ms: performance.now() - t, error });
      }
    }),
  );
  return { answers, seconds: (performance.now() - started) / 1000 };
}

/** The q-th percentile of these answers' times, in ms. */
function at(answers: Answer[], q: number): number {
  const times = answers.map((a) => a.ms);
  return percentile(times, q);
}

applyObjects(rbacObjects());
const pod = kubectl(['get', 'pods', '-n', 'shop', '-l', 'app.kubernetes.io/name=web', '-o', 'jsonpath={.items[0].metadata.name}']);
const server = await startMemdash(ENV);
try {
  const targets = [
    { name: 'pod page', path: `/pods/shop/${pod}`, withoutShop: 404 },
    { name: 'explanation', path: `/api/pods/shop/${pod}/explanation`, withoutShop: 404 },
    { name: '/pods', path: '/pods', withoutShop: 200 },
  ];
  const before = await countedSoFar(server.url);
  const firstSignedIn = performance.now();
  const synced = await waitForCaches(server, [...targets.map((t) => t.path), '/webhook'], headersOf(PEOPLE[0]!));
  console.log(`caches synced ${synced.toFixed(1)} s after first use; the rights of signed-in people are kept ${PERIOD_SECONDS} s`);
  await checkRights(server.url);

  const atLoad = await countedSoFar(server.url);
  const result = await load(server.url, targets, SECONDS, CLIENTS);
  const after = await countedSoFar(server.url);
  const signedInSeconds = (performance.now() - firstSignedIn) / 1000;

  const all = result.answers;
  const errors = all.filter((a) => a.error).length;
  const perSecond = all.length / result.seconds;
  console.log(
    `${CLIENTS} clients as ${PEOPLE.length} people × ${SECONDS} s: ${perSecond.toFixed(1)} requests/s, p50 ${at(all, 50).toFixed(0)} ms, ` +
      `p95 ${at(all, 95).toFixed(0)} ms, p99 ${at(all, 99).toFixed(0)} ms, ${errors} errors`,
  );
  const copied = after.copied - atLoad.copied;
  const reused = after.reused - atLoad.reused;
  const rate = (n: number) => (n / result.seconds).toFixed(0);
  console.log(
    `  answers made ${rate(all.length - copied - reused)}/s, copied while waiting ${rate(copied)}/s, reused within the second ${rate(reused)}/s`,
  );
  for (const group of [...targets.map((t) => t.name), ...PEOPLE.map((p) => p.user)]) {
    const some = all.filter((a) => a.target === group || a.person === group);
    console.log(
      `  ${group.padEnd(20)} ${some.length} answers, p95 ${at(some, 95).toFixed(0)} ms, ${some.filter((a) => a.error).length} errors`,
    );
  }
  // memdash asks again when a person's kept rights end: at most once per person per period of the time they were
  // signed in (from the first signed-in request, the cache's warm-up included, to the load's end)
  const checks = after.checks - before.checks;
  const reviews = after.reviews - before.reviews;
  const periods = Math.ceil(signedInSeconds / PERIOD_SECONDS);
  const perPersonPerPeriod = (n: number) => n / (PEOPLE.length * periods);
  console.log(
    `rights checks: ${checks} (${reviews} SubjectAccessReviews) for ${PEOPLE.length} people over ${signedInSeconds.toFixed(0)} s ` +
      `signed in, ${periods} period(s) of ${PERIOD_SECONDS} s: ${perPersonPerPeriod(checks).toFixed(2)} per person per period`,
  );

  atMost(`${CLIENTS} clients as ${PEOPLE.length} people on a pod page, its explanation and /pods, p95`, at(all, 95), 'ms', 200);
  for (const target of targets) {
    const ofTarget = all.filter((a) => a.target === target.name);
    atMost(`${CLIENTS} clients as ${PEOPLE.length} people, on the ${target.name} alone, p95`, at(ofTarget, 95), 'ms', 200);
  }
  atMost(`${CLIENTS} clients as ${PEOPLE.length} people, errors`, errors, 'errors', 0);
  shown(`${CLIENTS} clients as ${PEOPLE.length} people, requests/s`, perSecond, 'requests/s');
  atMost('rights checks per person per rights TTL', perPersonPerPeriod(checks), 'checks', 1);
  shown('SubjectAccessReviews per person per rights TTL', perPersonPerPeriod(reviews), 'reviews');
} finally {
  stopMemdash(server);
}
