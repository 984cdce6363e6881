import { Tag } from '@/components/ui/Tag';
import type { Tone } from '@/components/ui/tone';
import { Time } from '@/components/ui/Time';
import { snapshotRunPath } from '@/lib/routes';
import type { RunOutcome, ScheduleRun, SnapshotScheduleView } from '@/lib/views/snapshot-schedule-types';
import { ClusterLink } from '@/components/shell/ClusterName';

const OUTCOME_TONE: Record<RunOutcome, Tone> = { succeeded: 'good', failed: 'bad', running: 'plain' };

/**
 * When the snapshot runs next (in the schedule's zone and in UTC), whether it is suspended, and how the newest run
 * ended: what an on-call engineer asks before pressing "Run the snapshot now", or at 04:20 after the night's run.
 */
export function SnapshotSchedule({ view, now }: { view: SnapshotScheduleView; now: Date }) {
  const { spec, next } = view;
  return (
    <ul className="space-y-1" data-testid="snapshot-schedule">
      <li data-testid="schedule-next" data-utc={next?.at ?? ''} data-suspended={spec?.suspend ? 'true' : 'false'}>
        {next ? (
          <>
            Next run <strong className="font-mono">{next.local}</strong>, that is <Time at={next.at} now={now} />
          </>
        ) : (
          <Tag tone="warn" className="text-sm" data-testid="schedule-no-next">
            No next run: {view.noNext}
          </Tag>
        )}
        {spec && (
          <span className="text-zinc-600">
            {' '}
            · schedule <span className="font-mono">{spec.schedule}</span>{' '}
            {spec.timeZone ? (
              <>
                in <span className="font-mono">{spec.timeZone}</span>
              </>
            ) : (
              "with no timeZone (the controller's own zone, taken as UTC)"
            )}{' '}
            · suspend: <span className="font-mono">{String(spec.suspend)}</span>
          </span>
        )}
      </li>
      <li data-testid="schedule-last-run" data-outcome={view.lastRun?.outcome ?? 'none'}>
        {view.lastRun ? <RunLine label="Last run" run={view.lastRun} now={now} /> : 'No run of the CronJob is kept in the cluster.'}
      </li>
      {view.lastRun?.manual && (
        <li data-testid="schedule-last-scheduled" data-outcome={view.lastScheduled?.outcome ?? 'none'}>
          {view.lastScheduled ? (
            <RunLine label="Last scheduled run" run={view.lastScheduled} now={now} />
          ) : (
            <>
              No scheduled run is kept in the cluster
              {view.lastScheduleTime && (
                <>
                  ; the controller last started one <Time at={view.lastScheduleTime} now={now} />
                </>
              )}
              .
            </>
          )}
        </li>
      )}
    </ul>
  );
}

function RunLine({ label, run, now }: { label: string; run: ScheduleRun; now: Date }) {
  return (
    <>
      {label}{' '}
      <ClusterLink href={snapshotRunPath(run.job)} className="font-mono break-all">
        {run.job}
      </ClusterLink>{' '}
      ({run.manual ? 'manual' : 'scheduled'}):{' '}
      <Tag tone={OUTCOME_TONE[run.outcome]} data-testid="run-outcome">
        {run.outcome}
      </Tag>{' '}
      {run.endedAt ? (
        <>
          ended <Time at={run.endedAt} now={now} />
        </>
      ) : (
        <>
          started <Time at={run.startedAt} now={now} />
        </>
      )}
    </>
  );
}
