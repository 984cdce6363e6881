'use client';

import { Link } from '@/components/ui/Link';
import { DRILL_STEP_TITLES, SAVED_REGISTRATION_FILE, type DrillCheck, type DrillStepId } from '@/lib/domain';
import type { AccessCheck } from '@/lib/domain/access';
import { Time, WithTimes } from '@/components/ui/Time';
import { GuardedAction } from '@/components/write/GuardedAction';
import type { DrillView } from '@/lib/views/break-glass-types';
import { LastResult, useLastResult } from './LastResult';
import { useDrill, useStepRunner } from './useBreakGlass';

// The drill's one write that leaves covered pod creates refused until a later step: the saved copy put back with
// no replica to answer it.
const BREAKS_POD_CREATION = new Set<DrillStepId>(['create-saved']);

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
  if (drill.error && !drill.data) return <p className="text-red-900">{drill.error.message}</p>;
  if (!drill.data) return <p className="text-zinc-500">reading…</p>;
  const view = drill.data;
  if (!view.progress.ok)
    return (
      <p className="text-red-900" data-testid="drill-error">
        {view.progress.error.message}
      </p>
    );
  const p = view.progress.value;
  return (
    <div className="space-y-3" data-testid="drill" data-next={p.next ?? ''} data-complete={p.complete}>
      <ol className="space-y-2">
        {p.steps.map((s, i) => (
          <li
            key={s.id}
            className="rounded border border-zinc-200 bg-white p-2"
            data-testid="drill-step"
            data-step={s.id}
            data-done={s.done}
          >
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
          </li>
        ))}
      </ol>
      {view.saved && <SavedCopy saved={view.saved} />}
      {p.complete && (
        <p className="rounded border border-green-300 bg-green-50 p-2" data-testid="drill-complete">
          The drill is complete: Kyverno is back with its registration, and the probe is admitted through it.
        </p>
      )}
      <LastResult last={last} />
      {p.next && <DrillAction key={p.next} step={p.next} view={view} fresh={p.complete || p.startedAt === null} onDone={remember} />}
      {p.complete && <DrillAction key="again" step="save" view={view} fresh onDone={remember} />}
      {p.probeWanted && <ProbeAction view={view} onDone={remember} />}
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

function checksOf(step: DrillStepId, view: DrillView): AccessCheck[] {
  if (step === 'scale-down' || step === 'scale-up') {
    return [
      {
        verb: 'update',
        group: 'apps',
        resource: 'deployments',
        subresource: 'scale',
        namespace: view.names.namespace,
        name: view.names.deployment,
      },
    ];
  }
  if (step === 'create-saved')
    return [{ verb: 'create', group: 'admissionregistration.k8s.io', resource: 'mutatingwebhookconfigurations' }];
  if (step === 'delete-registrations')
    return [{ verb: 'delete', group: 'admissionregistration.k8s.io', resource: 'mutatingwebhookconfigurations' }];
  return [];
}

function DrillAction({
  step,
  view,
  fresh,
  onDone,
}: {
  step: DrillStepId;
  view: DrillView;
  fresh: boolean;
  onDone: (action: string, text: string) => void;
}) {
  const run = useStepRunner();
  const c = view.commands;
  const spec = {
    save: {
      url: '/api/break-glass/drill/save',
      commands: [c.saveRegistration],
      label: fresh ? 'Start the drill: save the registration' : 'Save',
      target: (
        <>
          MutatingWebhookConfiguration <code>{view.names.registration}</code> (read and saved), then Deployment{' '}
          <code>
            {view.names.namespace}/{view.names.deployment}
          </code>
        </>
      ),
    },
    'scale-down': {
      url: '/api/break-glass/scale-down',
      commands: [c.scaleDown, c.waitPods, `${c.checkRegistration}   # NotFound`],
      label: 'Scale to 0',
      target: (
        <>
          Deployment{' '}
          <code>
            {view.names.namespace}/{view.names.deployment}
          </code>
          , from {view.deployment?.desired ?? '?'} to 0
        </>
      ),
    },
    'create-saved': {
      url: '/api/break-glass/drill/create-saved',
      commands: [c.createSaved],
      label: 'Create the saved copy',
      target: (
        <>
          MutatingWebhookConfiguration <code>{view.names.registration}</code> from the saved copy: from here until the delete, every pod
          create in a covered namespace is refused
        </>
      ),
    },
    'delete-registrations': {
      url: '/api/break-glass/delete-registrations',
      commands: [c.deleteRegistrations],
      label: 'Delete by label',
      target: (
        <>
          Every registration labelled <code>{view.names.managedBySelector}</code>: {view.registrations.join(', ') || 'none stands'}
        </>
      ),
    },
    'scale-up': {
      url: '/api/break-glass/scale-up',
      commands: [c.scaleUp, c.checkRegistration],
      label: `Scale back to ${view.defaultReplicas}`,
      target: (
        <>
          Deployment{' '}
          <code>
            {view.names.namespace}/{view.names.deployment}
          </code>
          , from 0 back
        </>
      ),
    },
  }[step];
  const warning =
    step === 'save' ? (
      <p>
        Drill only with Kyverno healthy, at a quiet moment: between creating the saved copy and the delete, every pod create in a covered
        namespace is refused.
      </p>
    ) : undefined;
  return (
    <GuardedAction
      testId={`drill-action-${step}`}
      title={DRILL_STEP_TITLES[step]}
      target={spec.target}
      commands={spec.commands}
      checks={checksOf(step, view)}
      warning={warning}
      confirm={step === 'save' ? view.names.deployment : undefined}
      breaksPodCreation={BREAKS_POD_CREATION.has(step)}
      buttonLabel={spec.label}
      run={(credential) => run(spec.url, step === 'save' ? { confirm: view.names.deployment } : {}, credential)}
      result={(answer) => <span data-testid="step-result">{answer.done}</span>}
      onDone={(answer) => onDone(`drill-action-${step}`, answer.done)}
    />
  );
}

function ProbeAction({ view, onDone }: { view: DrillView; onDone: (action: string, text: string) => void }) {
  const run = useStepRunner();
  return (
    <GuardedAction
      testId="drill-action-probe"
      title="Check: run the probe"
      target={
        <>
          A server-side dry run of pod <code>{view.names.probeNamespace}/kyverno-probe</code> (creates nothing)
        </>
      }
      commands={[view.commands.probe]}
      checks={[]}
      buttonLabel="Run the probe"
      run={(credential) => run('/api/break-glass/probe', {}, credential)}
      runWithoutCredential={() => run('/api/break-glass/probe', {}, null)}
      result={(answer) => (
        <span data-testid="step-result">
          {answer.done}
          {answer.probe && <>: {answer.probe.explanation}</>}
        </span>
      )}
      onDone={(answer) => onDone('drill-action-probe', answer.done)}
    />
  );
}

export function DrillIntro() {
  return (
    <p className="text-zinc-700">
      The runbook&apos;s drill: it puts the registration back once Kyverno&apos;s pods are gone, the state a crashed Kyverno leaves, then
      restores pod creation and brings Kyverno back. <Link href="/break-glass">The break-glass page</Link> shows the same steps during an
      incident.
    </p>
  );
}
