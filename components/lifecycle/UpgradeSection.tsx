import { KyvernoRegistrationsPanel } from '@/components/webhook/KyvernoRegistrationsPanel';
import { Fact, Panel } from '@/components/webhook/Panel';
import { PolicyPanel } from '@/components/webhook/PolicyPanel';
import { CommandLines } from '@/components/write/CommandLines';
import { Tag } from '@/components/ui/Tag';
import type { LifecycleView } from '@/lib/views/lifecycle-types';

/** After an upgrade: the owners, what the admission controller runs, the policy's READY and the table's load. */
export function UpgradeSection({ view }: { view: LifecycleView }) {
  const n = view.names;
  return (
    <section className="space-y-3" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title" className="text-lg font-semibold">
        After an upgrade
      </h2>
      <p className="text-zinc-700">
        Kyverno must still own its registrations by the ClusterRole <code>{n.owner}</code>: every <code>kyverno-resource-*</code>,{' '}
        <code>kyverno-policy-*</code> and <code>kyverno-verify-*</code> registration owned by it, the exception and global-context ones by
        nothing. A registration without the owner outlives the app.
      </p>
      {view.alarm ? (
        <p className="rounded border border-red-300 bg-red-50 p-3 text-red-900" role="alert" data-testid="upgrade-alarm">
          <strong>Alarm: </strong>
          {view.alarm}
        </p>
      ) : (
        view.registrations.ok && (
          <p data-testid="upgrade-alarm-none">
            <Tag tone="good">the pod webhook&apos;s registration is owned as expected, or not there</Tag>
          </p>
        )
      )}
      <CommandLines commands={[view.commands.ownerCheck]} title="The runbook's check" />
      <KyvernoRegistrationsPanel part={view.registrations} />
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Panel title={`Admission controller ${n.namespace}/${n.deployment}`} part={view.admission} id="admission-version">
          {(a) =>
            a.deployment === null ? (
              <p data-testid="deployment-absent">
                Deployment not found: the app is removed. <span className="text-zinc-700">{a.pods} of its pods left.</span>
              </p>
            ) : (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                <Fact label="Chart">
                  <span data-testid="chart-version">{a.version?.chart ?? 'no helm.sh/chart label'}</span>
                </Fact>
                <Fact label="Kyverno">
                  <span data-testid="kyverno-version">{a.version?.kyverno ?? 'no image tag'}</span>{' '}
                  <span className="font-mono text-xs break-all text-zinc-600">{a.version?.image}</span>
                </Fact>
                <Fact label="Replicas">
                  {a.deployment.ready} of {a.deployment.desired} ready, {a.pods} pods
                </Fact>
              </dl>
            )
          }
        </Panel>
        <Panel title="Table" part={view.table} id="table-load">
          {(t) => (
            <p>
              {!t.exists ? (
                <Tag tone="bad">not found</Tag>
              ) : t.loaded ? (
                t.rows === null ? (
                  <>
                    <Tag tone="good">loaded</Tag> <span data-testid="table-withheld">its rows are not yours to read;</span>
                  </>
                ) : (
                  <Tag tone="good">{t.rows} rows</Tag>
                )
              ) : (
                <Tag tone="bad">not loadable</Tag>
              )}{' '}
              <span className="text-zinc-700">whether Kyverno serves it: the GlobalContextEntry below</span>
            </p>
          )}
        </Panel>
      </div>
      <PolicyPanel policy={view.mutatingPolicy} entry={view.globalContextEntry} />
    </section>
  );
}
