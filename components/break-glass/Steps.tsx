'use client';

import type { ReactNode } from 'react';
import {
  BREAK_GLASS_BUTTONS,
  STEP_ACTIONS,
  STEP_TITLES,
  type Indication,
  type StepActionId,
  type StepId,
  type StepState,
  formatCount,
} from '@/lib/domain';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Time, WithTimes } from '@/components/ui/Time';
import type { BreakGlassView } from '@/lib/views/break-glass-types';
import type { BreakGlassProgress } from '@/lib/domain';
import { CommandLines } from '@/components/write/CommandLines';
import { GuardedStep } from './GuardedStep';
import { LastResult, useLastResult } from './LastResult';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { ClusterLink } from '@/components/shell/ClusterName';

const MARK: Record<StepState['status'], string> = { done: '✓', next: '→', waiting: '…', 'timed-out': '!', pending: '·' };
// What the mark says, for screen readers (the mark itself is hidden from them).
const STATUS_WORDS: Record<StepState['status'], string> = {
  done: 'Done',
  next: 'Next',
  waiting: 'Waiting',
  'timed-out': 'Timed out',
  pending: 'Not yet',
};
const TONE: Record<StepState['status'], string> = {
  done: 'text-green-800',
  next: 'font-semibold text-zinc-900',
  waiting: 'text-amber-800',
  'timed-out': 'text-red-800',
  pending: 'text-zinc-500',
};

/**
 * The steps in the runbook's order, where each stands, and the button of the one to do now. With no break-glass
 * under way, the last one is folded into a line and no step is offered unless the evidence calls for one.
 */
export function Steps({ view, indication }: { view: BreakGlassView; indication: Indication }) {
  const { last, remember } = useLastResult();
  if (!view.progress.ok)
    return (
      <ErrorText as="p" deep data-testid="steps-error">
        {view.progress.error.message}
      </ErrorText>
    );
  const progress = view.progress.value;
  const calm = progress.phase === 'idle' || progress.phase === 'back';
  const indicated = indication.code === 'yes' || indication.code === 'policy';
  const steps = calm
    ? progress.steps.map((s) => ({ ...s, detail: '', status: s.id === 'scale-down' && indicated ? 'next' : 'pending' }) as StepState)
    : progress.steps;
  const current: StepId | null = calm ? (indicated ? 'scale-down' : null) : progress.next;
  // The steps a button does (BREAK_GLASS_BUTTONS); the others are waits, read from the cluster as they happen.
  const action = (step: StepId) => (
    <StepAction key={step} step={step} view={view} onDone={(text) => remember(`step-action-${step}`, text)} />
  );
  return (
    <section className="space-y-3" data-testid="steps" data-phase={progress.phase} data-next={current ?? ''}>
      {progress.phase === 'back' && progress.session && <FinishedSession session={progress.session} />}
      {/* the step to take first, then where it stands among the others: on a phone the button is the first thing */}
      <LastResult last={last} />
      {current && BREAK_GLASS_BUTTONS[current] && action(current)}
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <StepList title="Restore pod creation" steps={steps.slice(0, 4)} view={view} />
        <StepList title="Bring Kyverno back" steps={steps.slice(4)} view={view} />
      </div>
      {calm && !indicated && (
        <Card as="details" data-testid="start-anyway">
          <summary className="cursor-pointer">
            No step is indicated: the evidence above does not call for the break-glass. Start it anyway
          </summary>
          <div className="mt-2">{action('scale-down')}</div>
        </Card>
      )}
      {!calm && !current && <WaitNote view={view} />}
      <WholeProcedure view={view} />
    </section>
  );
}

/** The last break-glass or drill, over: one line, not a list of ticks that reads as half done. */
function FinishedSession({ session }: { session: NonNullable<BreakGlassProgress['session']> }) {
  const from = session.startedAt ?? session.deletedAt;
  return (
    <Card as="p" compact data-testid="last-session">
      Last {session.drill ? 'drill' : 'break-glass'} {from ? <Time at={from} /> : '(started outside memdash)'}
      {session.scaledUpAt && (
        <>
          –<Time at={session.scaledUpAt} />
        </>
      )}
      , complete. Its steps are in the <ClusterLink href="/audit">audit log</ClusterLink>.
    </Card>
  );
}

/** Every command of the procedure, to read before anything is pressed; one Copy per step, never two steps at once. */
function WholeProcedure({ view }: { view: BreakGlassView }) {
  const blocks: Array<[string, StepActionId]> = [
    ['1. Scale the admission controller to 0, and wait for its pods to go', 'scale-down'],
    ["2. Delete Kyverno's webhook registrations", 'delete-registrations'],
    ['3. The probe: admitted', 'probe'],
    ['4. Only once the fix is in: bring Kyverno back, and check its registration', 'scale-up'],
    ['5. The probe: admitted through Kyverno', 'probe'],
  ];
  return (
    <Card as="details" data-testid="whole-procedure">
      <summary className="cursor-pointer font-semibold">The whole procedure as kubectl</summary>
      <div className="mt-2 space-y-2">
        {blocks.map(([title, step]) => (
          <CommandLines key={title} title={title} commands={STEP_ACTIONS[step].commands(view.commands)} />
        ))}
      </div>
    </Card>
  );
}

function StepList({ title, steps, view }: { title: string; steps: StepState[]; view: BreakGlassView }) {
  return (
    <Card as="div">
      <h2 className="mb-1 font-semibold">{title}</h2>
      <ol className="space-y-1">
        {steps.map((s) => (
          <li
            key={s.id}
            className={TONE[s.status]}
            data-testid="step"
            data-step={s.id}
            data-status={s.status}
            aria-current={s.status === 'next' ? 'step' : undefined}
          >
            <span aria-hidden className="inline-block w-4">
              {MARK[s.status]}
            </span>
            <span className="sr-only">{STATUS_WORDS[s.status]}: </span> {STEP_TITLES[s.id]}
            {s.id === 'scale-up' && ` (to ${view.progress.ok ? view.progress.value.scaleUpTo : '?'})`}
            {s.detail && (
              <span className="block pl-4 text-xs break-words text-zinc-600">
                <WithTimes text={s.detail} />
              </span>
            )}
          </li>
        ))}
      </ol>
    </Card>
  );
}

/** While the pods go (live), and the runbook's note once two minutes have passed. */
function WaitNote({ view }: { view: BreakGlassView }) {
  const now = useRenderNow();
  const session = view.progress.ok ? view.progress.value.session : null;
  const wait = view.progress.ok ? view.progress.value.steps.find((s) => s.id === 'wait-pods') : undefined;
  const ready = view.progress.ok ? view.progress.value.steps.find((s) => s.id === 'wait-ready') : undefined;
  if (wait?.status === 'waiting') {
    return (
      <div className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="waiting-pods">
        <p>
          Waiting for the admission controller&apos;s pods to go (up to 2 minutes
          {session?.startedAt ? (
            <>
              , since <Time at={session.startedAt} now={now} />
            </>
          ) : (
            ''
          )}
          ): {formatCount(view.podsLeft.length)} left.
        </p>
        <ul className="text-xs">
          {view.podsLeft.map((p) => (
            <li key={p.name}>
              <code>{p.name}</code> {p.node && `on ${p.node}`} {p.terminating && '(Terminating)'}
            </li>
          ))}
        </ul>
        <p className="mt-1 text-xs text-zinc-600">
          <code>{view.commands.waitPods}</code>
        </p>
      </div>
    );
  }
  if (
    ready?.status === 'waiting' ||
    (view.progress.ok && view.progress.value.steps.find((s) => s.id === 'registration-back')?.status === 'waiting')
  ) {
    return (
      <div className="rounded border border-amber-300 bg-amber-50 p-3" data-testid="waiting-back">
        <p>
          Waiting for a Ready replica and the pod webhook&apos;s registration with its entry {view.names.entry} and owner {view.names.owner}{' '}
          (a leader registers it every 10 s).
        </p>
        <p className="mt-1 text-xs text-zinc-600">
          <code>{view.commands.checkRegistration}</code>
        </p>
      </div>
    );
  }
  return null;
}

/** The button of one step, with what this page knows now about its target. */
function StepAction({ step, view, onDone }: { step: StepId; view: BreakGlassView; onDone: (text: string) => void }) {
  const progress = view.progress.ok ? view.progress.value : null;
  const button = BREAK_GLASS_BUTTONS[step]!;
  const timedOut = progress?.steps.find((s) => s.id === 'wait-pods')?.status === 'timed-out';
  const detail: Partial<Record<StepActionId, ReactNode>> = {
    'scale-down': <>, from {view.deployment?.desired ?? '?'} replicas (recorded) to 0</>,
    'delete-registrations': (
      <>
        :{' '}
        {view.registrations.map((r) => (
          <code key={r} className="mr-2 inline-block break-all" data-testid="registration-to-delete">
            {r}
          </code>
        ))}
      </>
    ),
    probe: <>, with memdash&apos;s read credential (it creates nothing)</>,
    'scale-up': (
      <>
        , from 0 to {progress?.scaleUpTo} replicas
        {progress?.session?.replicasBefore ? ' (the count recorded before the scale-down)' : ' (none recorded: the default)'}
      </>
    ),
  };
  const calm = step === 'scale-down' && (progress?.phase === 'idle' || progress?.phase === 'back');
  const warning = calm ? (
    <p>
      Only when the evidence on this page calls for it: from the scale-down until Kyverno is back, covered pods are created without the
      table&apos;s request.
    </p>
  ) : step === 'delete-registrations' && timedOut ? (
    <p data-testid="wait-timeout">
      The wait timed out:{' '}
      {view.podsLeft.map((p) => `${p.name}${p.node ? ` on ${p.node}` : ''}${p.terminating ? ' (Terminating)' : ''}`).join(', ')} still
      listed. A pod that hangs in Terminating on a dead node doesn&apos;t run: go on to the delete. A replica that still runs would register
      the webhooks again within 10 s.
    </p>
  ) : undefined;
  return (
    <GuardedStep
      testId={`step-action-${step}`}
      button={button}
      names={view.names}
      commands={view.commands}
      replicas={progress?.scaleUpTo ?? 0}
      detail={detail[button.action]}
      warning={warning}
      onDone={(answer) => onDone(`${answer.done}${answer.probe ? `: ${answer.probe.explanation}` : ''}`)}
    />
  );
}
