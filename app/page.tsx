import Link from 'next/link';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { Time } from '@/components/Time';
import { WebhookSummary } from '@/components/webhook/WebhookSummary';
import { settings } from '@/lib/config';
import { failureOf } from '@/lib/errors';
import { readClients } from '@/lib/k8s/client';
import { readiness, type Readiness } from '@/lib/k8s/health';
import { readTable, type TableRead } from '@/lib/k8s/table';
import { readRegistration } from '@/lib/k8s/webhook';
import type { RegistrationState } from '@/lib/domain';

/** Where to go, and whether memdash can see the cluster at all. */
export default async function HomePage() {
  await connection(); // every visit asks the cluster afresh; nothing here is built ahead of time
  const now = new Date();
  let state: { ready: Readiness; table: TableRead; registration: RegistrationState };
  try {
    const k = readClients();
    const [ready, table, registration] = await Promise.all([readiness(), readTable(k), readRegistration(k)]);
    state = { ready, table, registration };
  } catch (err) {
    return (
      <div className="space-y-4">
        <ErrorState error={failureOf(err)} />
        <Pages />
      </div>
    );
  }
  const s = settings();
  return (
    <div className="space-y-4">
      <WebhookSummary />
      <dl className="grid grid-cols-[12rem_1fr] gap-x-4 gap-y-1 rounded border border-zinc-200 bg-white p-3" data-testid="cluster-summary">
        <dt className="text-zinc-600">API server</dt>
        <dd data-testid="api-server">
          answers: <span className="font-mono">{state.ready.version}</span> at <span className="font-mono">{state.ready.server}</span>{' '}
          (context <span className="font-mono">{state.ready.context}</span>)
        </dd>
        <dt className="text-zinc-600">Table</dt>
        <dd>
          <span className="font-mono">{s.kyvernoNamespace}/{s.tableConfigMap}</span>:{' '}
          {state.table.parsed.loaded ? (
            <>
              {state.table.parsed.count} rows, last written <Time at={state.table.lastWriteAt} now={now} />
            </>
          ) : (
            <strong className="text-red-800">no table ({state.table.exists ? 'no data' : 'ConfigMap missing'})</strong>
          )}
        </dd>
        <dt className="text-zinc-600">Pod webhook</dt>
        <dd>
          <span className="font-mono">{s.webhookConfiguration} / {s.webhookEntry}</span>:{' '}
          {state.registration.present ? 'registered' : <strong className="text-red-800">not registered: covered pods are admitted untouched</strong>}
        </dd>
      </dl>
      <Pages />
    </div>
  );
}

function Pages() {
  return (
    <section className="rounded border border-zinc-200 bg-white p-3">
      <h2 className="font-semibold">Pages</h2>
      <ul className="mt-1 list-disc pl-5">
        <li>
          <Link href="/pods">Pods</Link>: find a pod by namespace and name, then see why each of its containers has its memory request.
        </li>
        <li>
          <Link href="/webhook">Webhook</Link>: whether pod creation is safe — the registration, the replicas, the probe, refusals.
        </li>
        <li>
          <Link href="/break-glass">Break-glass</Link>: restore pod creation when Kyverno&apos;s webhook refuses it, bring Kyverno back,
          restart what was created meanwhile; <Link href="/break-glass/drill">drill it</Link> with Kyverno healthy.
        </li>
        <li>
          <Link href="/table">Table</Link>, <Link href="/table/snapshots">Versions</Link> and a diff between two: what the
          snapshot wrote, and what changed.
        </li>
        <li>
          <Link href="/snapshot/runs">Snapshot runs</Link>: the snapshot&apos;s recent runs and their outcomes; run it by hand and follow it, override
          its guard after a &quot;fewer than half&quot; refusal, or <Link href="/table/restore">restore a saved table</Link>. Writes take a credential you
          give in the page; every attempt is in the <Link href="/audit">audit log</Link>.
        </li>
        <li>
          <Link href="/workloads">Workloads</Link>: a workload&apos;s working set against its request, limit and row over 28 days.
        </li>
        <li>
          A pod directly: <span className="font-mono">/pods/&lt;namespace&gt;/&lt;pod&gt;</span>; its JSON:{' '}
          <span className="font-mono">/api/pods/&lt;namespace&gt;/&lt;pod&gt;/explanation</span>
        </li>
        <li>Ctrl K (⌘K) on any page jumps to a pod or workload by name.</li>
        <li>
          Health: <a href="/healthz">/healthz</a> (the process), <a href="/readyz">/readyz</a> (the API server answers)
        </li>
      </ul>
    </section>
  );
}
