import { Card } from '@/components/ui/Card';
import { ErrorState } from '@/components/ui/ErrorState';
import { Tag } from '@/components/ui/Tag';
import { Time } from '@/components/ui/Time';
import { formatDuration, notYet, type Incident } from '@/lib/domain';
import { incidentExportPath, podPath } from '@/lib/routes';
import type { IncidentView } from '@/lib/views/incidents-types';
import { Timeline } from './Timeline';
import { ClusterLink, ClusterAnchor } from '@/components/shell/ClusterName';

/** One incident: its summary, timeline, the pods created meanwhile, the follow-ups, and its exports. */
export function IncidentDetail({ view }: { view: IncidentView }) {
  const i = view.incident;
  return (
    <div className="space-y-3" data-testid="incident" data-id={i.id} data-open={i.open} data-kind={i.kind}>
      <Summary incident={i} />
      <p className="flex flex-wrap gap-3 text-sm">
        <ClusterAnchor href={incidentExportPath(i.id, 'md')} data-testid="export-md" download>
          Postmortem draft (Markdown)
        </ClusterAnchor>
        <ClusterAnchor href={incidentExportPath(i.id, 'json')} data-testid="export-json" download>
          JSON
        </ClusterAnchor>
      </p>
      {!view.events.ok && (
        <p className="text-sm text-amber-800" data-testid="events-unread">
          The events could not be read ({view.events.error.message}): the first refused create is not known.
        </p>
      )}
      <h2 className="text-base font-semibold">Timeline</h2>
      <Timeline entries={i.timeline} />
      <h2 className="text-base font-semibold">Pods created while the registration was gone, still running</h2>
      <PodsMeanwhile view={view} />
      <h2 className="text-base font-semibold">Open follow-ups</h2>
      <ul className="list-disc pl-5 text-sm" data-testid="follow-ups">
        {view.followUps.map((f, n) => (
          <li key={n} data-testid="follow-up" data-code={f.code}>
            {f.words}
            {f.command && <code className="mt-1 block font-mono text-xs break-all">{f.command}</code>}
          </li>
        ))}
        {view.followUps.length === 0 && <li>None.</li>}
      </ul>
    </div>
  );
}

function Summary({ incident: i }: { incident: Incident }) {
  return (
    <Card as="dl" className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-sm" data-testid="incident-summary">
      <dt className="text-zinc-600">Status</dt>
      <dd data-testid="incident-status">
        {i.open ? (
          <Tag tone="bad">open</Tag>
        ) : (
          <>
            <Tag tone={i.closedHow === 'superseded' ? 'warn' : 'good'}>closed</Tag> <Time at={i.closedAt} />
            {i.closedHow === 'superseded' && ' by the next one: Kyverno’s return was never confirmed by the probe'}
          </>
        )}
        {i.kind === 'drill' && (
          <Tag tone="plain" className="ml-1 text-xs">
            drill: Kyverno was healthy
          </Tag>
        )}
      </dd>
      <dt className="text-zinc-600">Started</dt>
      <dd>
        <Time at={i.startedAt} />
      </dd>
      <dt className="text-zinc-600">Pod creation restored</dt>
      <dd data-testid="time-to-restore">
        {i.restoredAt ? (
          <>
            <Time at={i.restoredAt} />, after {formatDuration(i.timeToRestoreMs!)}
          </>
        ) : (
          notYet(i)
        )}
      </dd>
      <dt className="text-zinc-600">Kyverno back</dt>
      <dd data-testid="time-to-bring-back">
        {i.backAt ? (
          <>
            <Time at={i.backAt} />, after {formatDuration(i.timeToBringBackMs!)}
          </>
        ) : (
          notYet(i)
        )}
      </dd>
    </Card>
  );
}

function PodsMeanwhile({ view }: { view: IncidentView }) {
  if (!view.pods.ok) return <ErrorState error={view.pods.error} title="The pods could not be read" />;
  if (view.pods.value.length === 0) return <p className="text-sm text-zinc-700">None still running.</p>;
  return (
    <ul className="space-y-1 text-sm" data-testid="pods-meanwhile">
      {view.pods.value.map((g) => {
        const name = `${g.namespace}/${g.workload?.name ?? g.pods[0]!.name}`;
        return (
          <li key={name} data-testid="pods-meanwhile-group" data-workload={name}>
            <span className="font-mono">{g.workload ? `${g.workload.kind} ${name}` : name}</span>:{' '}
            {g.pods.map((p, n) => (
              <span key={p.name}>
                {n > 0 && ', '}
                <ClusterLink href={podPath(p.namespace, p.name)} className="font-mono">
                  {p.name}
                </ClusterLink>
              </span>
            ))}
            {view.restarted.includes(name) && (
              <Tag tone="warn" className="ml-1 text-xs">
                restarted, rollout not through
              </Tag>
            )}
          </li>
        );
      })}
    </ul>
  );
}
