'use client';

import type { ReactNode } from 'react';
import {
  DRILL_BUTTONS,
  DRILL_STEP_TITLES,
  SAVED_REGISTRATION_FILE,
  type DrillCheck,
  type DrillStepId,
  type StepActionId,
} from '@/lib/domain';
import { Time, WithTimes } from '@/components/ui/Time';
import type { DrillView } from '@/lib/views/break-glass-types';
import { GuardedStep } from './GuardedStep';
import { LastResult, useLastResult } from './LastResult';
import { useDrill } from './useBreakGlass';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

const CHECK_TONE: Record<DrillCheck['status'], string> = {
  holds: 'text-green-800',
  'does-not-hold': 'text-red-800 font-semibold',
  'not-yet': 'text-zinc-600',
};
const CHECK_MARK: Record<DrillCheck['status'], string> = { holds: '✓', 'does-not-hold': '✗', 'not-yet': '…' };

/** The runbook's drill, step by step, each checked against what the runbook says must hold. */
export function DrillPage() {
  const drill = useDrill();
  const { last, remember } = useLastResult();
  if (drill.error && !drill.data)
    return (
      <ErrorText as="p" deep>
        {drill.error.message}
      </ErrorText>
    );
  if (!drill.data) return <p className="text-zinc-500">reading…</p>;
  const view = drill.data;
  if (!view.progress.ok)
    return (
      <ErrorText as="p" deep data-testid="drill-error">
        {view.progress.error.message}
      </ErrorText>
    );
  const p = view.progress.value;
  return (
    <div className="space-y-3" data-testid="drill" data-next={p.next ?? ''} data-complete={p.complete}>
      <ol className="space-y-2">
        {p.steps.map((s, i) => (
          <Card as="li" compact key={s.id} data-testid="drill-step" data-step={s.id} data-done={s.done}>
            <p className={s.done ? 'text-green-800' : p.next === s.id ? 'font-semibold' : 'text-zinc-600'}>
              {s.done ? '✓' : `${i + 1}.`} {DRILL_STEP_TITLES[s.id]}
            </p>
            <ul className="pl-4 text-sm">
              {s.checks.map((c) => (
                <li key={c.expect} className={CHECK_TONE[c.status]} data-testid="drill-check" data-status={c.status}>
                  {CHECK_MARK[c.status]} {c.expect} —{' '}
                  <span className="break-words">
                    <WithTimes text={c.found} />
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        ))}
      </ol>
      {view.saved && <SavedCopy saved={view.saved} />}
      {p.complete && (
        <p className="rounded border border-green-300 bg-green-50 p-2" data-testid="drill-complete">
          The drill is complete: Kyverno is back with its registration, and the probe is admitted through it.
        </p>
      )}
      <LastResult last={last} />
      {p.next && <DrillAction key={p.next} step={p.next} view={view} onDone={remember} />}
      {p.complete && <DrillAction key="again" step="save" view={view} onDone={remember} />}
      {p.probeWanted && <DrillAction step="probe" view={view} onDone={remember} />}
      {!p.next && !p.probeWanted && !p.complete && (
        <p className="text-amber-800" data-testid="drill-waiting">
          Waiting for the checks above to hold (read every 2 s).
        </p>
      )}
    </div>
  );
}

function SavedCopy({ saved }: { saved: NonNullable<DrillView['saved']> }) {
  const href = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(saved.registration, null, 2))}`;
  return (
    <p className="text-sm" data-testid="saved-registration">
      Saved <Time at={saved.at} now={new Date()} /> in memdash&apos;s history.{' '}
      <a href={href} download={SAVED_REGISTRATION_FILE}>
        Download {SAVED_REGISTRATION_FILE}
      </a>
    </p>
  );
}

/** The button of one drill step, or of the probe between them, with what the drill knows now about its target. */
function DrillAction({
  step,
  view,
  onDone,
}: {
  step: DrillStepId | 'probe';
  view: DrillView;
  onDone: (action: string, text: string) => void;
}) {
  const detail: Partial<Record<StepActionId, ReactNode>> = {
    save: (
      <>
        {' '}
        (read and saved), then Deployment{' '}
        <code>
          {view.names.namespace}/{view.names.deployment}
        </code>
      </>
    ),
    'scale-down': <>, from {view.deployment?.desired ?? '?'} to 0</>,
    'create-saved': <> from the saved copy: from here until the delete, every pod create in a covered namespace is refused</>,
    'delete-registrations': <>: {view.registrations.join(', ') || 'none stands'}</>,
    'scale-up': <>, from 0 back</>,
    probe: <> (creates nothing)</>,
  };
  const warning =
    step === 'save' ? (
      <p>
        Drill only with Kyverno healthy, at a quiet moment: between creating the saved copy and the delete, every pod create in a covered
        namespace is refused.
      </p>
    ) : undefined;
  const button = DRILL_BUTTONS[step];
  return (
    <GuardedStep
      testId={`drill-action-${step}`}
      button={button}
      names={view.names}
      commands={view.commands}
      replicas={view.defaultReplicas}
      detail={detail[button.action]}
      warning={warning}
      onDone={(answer) => onDone(`drill-action-${step}`, answer.done)}
    />
  );
}

export function DrillIntro() {
  return (
    <p className="text-zinc-700">
      The runbook&apos;s drill: it puts the registration back once Kyverno&apos;s pods are gone, the state a crashed Kyverno leaves, then
      restores pod creation and brings Kyverno back. <ClusterLink href="/break-glass">The break-glass page</ClusterLink> shows the same
      steps during an incident.
    </p>
  );
}
