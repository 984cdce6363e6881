import { LEFTOVER_REFUSES, OWNERLESS_REGISTRATIONS, type RemovalState } from '@/lib/domain';
import { Fact, Panel } from '@/components/webhook/Panel';
import { Tag } from '@/components/ui/Tag';
import type { LifecycleView } from '@/lib/views/lifecycle-types';
import { RemovalStep } from './RemovalStep';
import { ClusterLink } from '@/components/shell/ClusterName';

/** Before and after a removal: what the garbage collector takes, what stays, and the runbook's deletes of it. */
export function RemovalSection({ view }: { view: LifecycleView }) {
  const r = view.removal;
  return (
    <section className="space-y-3" aria-labelledby="removal-title">
      <h2 id="removal-title" className="text-lg font-semibold">
        Removing the app
      </h2>
      <p className="text-zinc-700">
        Argo CD deletes the admission controller&apos;s Deployment and its pods, then the ClusterRole <code>{view.names.owner}</code>; the
        garbage collector deletes what it owned. Between the last admission-controller pod&apos;s exit and that, covered pod creates are
        refused. What stays is below; delete it only if Kyverno is not coming back.
      </p>
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <Panel title="Where the removal stands" part={view.owner} id="removal-stands">
          {(owner) => (
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <Fact label="Owner">
                <span data-testid="owner-role" data-exists={owner.exists}>
                  ClusterRole <code>{owner.name}</code> {owner.exists ? <Tag tone="plain">there</Tag> : <Tag tone="warn">deleted</Tag>}
                </span>
              </Fact>
              <Fact label="Admission controller">
                {r === null ? (
                  'see the panels above'
                ) : (
                  <span data-testid="admission-answers" data-answers={r.refused !== null}>
                    {r.refused ?? 'none left to answer'}
                  </span>
                )}
              </Fact>
            </dl>
          )}
        </Panel>
        {r && <Orphans removal={r} />}
      </div>
      {r === null ? (
        <p className="text-zinc-600">
          What stays needs the registrations, the CRDs and the admission controller read: see the panels above.
        </p>
      ) : (
        <>
          <Leftovers removal={r} commands={view.commands} />
          <Crds removal={r} commands={view.commands} />
        </>
      )}
    </section>
  );
}

function Orphans({ removal }: { removal: RemovalState }) {
  return (
    <div className="space-y-2" data-testid="removal-owned">
      {removal.podRegistrationOrphaned && (
        <p className="rounded border border-red-300 bg-red-50 p-2 text-red-900" role="alert" data-testid="orphaned-pod-registration">
          The pod webhook&apos;s registration stands without its owner and refuses covered pods once no admission controller answers: delete
          it as in <ClusterLink href="/break-glass">Break-glass</ClusterLink>.
        </p>
      )}
      <p>
        {removal.owned.length === 0
          ? "None of Kyverno's owned registrations stands."
          : `Still standing, owned or meant to be: ${removal.owned.join(', ')}.`}
      </p>
    </div>
  );
}

function Leftovers({ removal, commands }: { removal: RemovalState; commands: LifecycleView['commands'] }) {
  const standing = new Set(removal.leftovers);
  return (
    <RemovalStep
      action="delete-registrations"
      commands={commands}
      crds={removal.crds.length}
      unavailable={removal.refused ?? (standing.size === 0 ? 'None of the three stands.' : null)}
      detail={
        <ul className="mt-1 text-sm" data-testid="leftovers">
          {OWNERLESS_REGISTRATIONS.map((name) => (
            <li key={name} data-leftover={name} data-standing={standing.has(name)}>
              <code>{name}</code>{' '}
              {standing.has(name) ? (
                <Tag tone="warn">stands: refuses creating {LEFTOVER_REFUSES[name]} until an admission controller answers</Tag>
              ) : (
                <Tag tone="plain">gone</Tag>
              )}
            </li>
          ))}
        </ul>
      }
    />
  );
}

function Crds({ removal, commands }: { removal: RemovalState; commands: LifecycleView['commands'] }) {
  return (
    <RemovalStep
      action="delete-crds"
      commands={commands}
      crds={removal.crds.length}
      unavailable={removal.refused ?? (removal.crds.length === 0 ? 'None is left.' : null)}
      warning={<p>Deleting a CRD deletes every object of its kind: the policy and the GlobalContextEntry with them.</p>}
      detail={
        <details className="mt-1 text-sm" data-testid="kyverno-crds" data-count={removal.crds.length}>
          <summary>{removal.crds.length} of Kyverno&apos;s CRDs stand (Kyverno v1.19.1 brings 22; Argo CD never deletes a CRD)</summary>
          <ul className="font-mono text-xs">
            {removal.crds.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </details>
      }
    />
  );
}
