'use client';

// The one button for a write. Usage:
//   <GuardedAction
//     title="Run the snapshot now"
//     target={<>Job <code>memory-snapshot-…</code> in <code>kyverno-prd</code> from CronJob <code>memory-snapshot</code></>}
//     commands={['cexec iac kubectl $KC -n kyverno-prd create job --from=cronjob/memory-snapshot "$JOB"']}
//     checks={[{ verb: 'create', group: 'batch', resource: 'jobs', namespace: 'kyverno-prd' }]}
//     confirm="memory-requests"          // optional: the exact text the operator must type first
//     warning={<p>…</p>}                  // optional: shown above the button
//     buttonLabel="Run it"
//     run={(credential) => postWrite('/api/snapshot/runs', {}, credential)}
//     result={(answer) => <Link href={`/snapshot/runs/${answer.job}`}>Follow it</Link>}
//   />
// It shows the exact target, the kubectl commands, the credential form until the tab holds one (beside it, with
// MEMDASH_WRITE_AS_USER, that the signed-in person writes as themselves until they paste one), who it acts as and
// what the cluster says it may do (one line per check, before pressing), the typed confirmation, then the result or
// the cluster's refusal as the cluster worded it.

import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { AccessCheck } from '@/lib/domain/access';
import { AppError } from '@/lib/errors';
import type { WriteCredential } from '@/lib/write-credential';
import { CommandLines } from './CommandLines';
import { CredentialForm } from './CredentialForm';
import { useAccess } from './useAccess';
import { useWriteCredential } from './WriteCredentialProvider';
import { ErrorText } from '@/components/ui/ErrorText';
import { useClusterName } from '@/components/shell/ClusterName';
import { Button } from '@/components/ui/Button';

export interface GuardedActionProps<T> {
  title: string;
  target: ReactNode;
  commands: readonly string[];
  /** What the commands are, when they are not kubectl's (an import is memdash's own: its CLI). */
  commandsTitle?: string;
  checks: readonly AccessCheck[];
  confirm?: string;
  warning?: ReactNode;
  /** What pressing it would do, as far as memdash can tell before (the snapshot's preview): shown by the target. */
  outcome?: ReactNode;
  buttonLabel: string;
  /** null: nothing pasted, and the signed-in person writes as themselves (MEMDASH_WRITE_AS_USER). */
  run: (credential: WriteCredential | null) => Promise<T>;
  /** A step that only reads runs without a credential too (the tab's, when it holds one, names who asked). */
  runWithoutCredential?: () => Promise<T>;
  result?: (value: T) => ReactNode;
  onDone?: (value: T) => void;
  /** Why the action is not offered now (the button stays disabled and says so). */
  unavailable?: string | null;
  /** The action can stop pods being created (its button is red); other writes are blue. */
  breaksPodCreation?: boolean;
  /**
   * A deliberate pause (ms) before the button can be pressed, from when it appears: the drill's next button appears
   * where the last one was, so a repeated click meant for that one must not press this one.
   */
  pauseMs?: number;
  testId?: string;
}

export function GuardedAction<T>(props: GuardedActionProps<T>) {
  const { credential, sessionWrites } = useWriteCredential();
  const [typed, setTyped] = useState('');
  // a step that needs no credential runs without one when nothing is pasted, even for someone who may write as themselves
  const withoutCredential = credential === null && props.runWithoutCredential !== undefined;
  const mutation = useMutation<T, AppError>({
    mutationFn: () =>
      (withoutCredential ? props.runWithoutCredential!() : props.run(credential)).catch((err: unknown) => {
        // a dropped connection is not the cluster's answer: say so in the same shape
        throw err instanceof AppError
          ? err
          : new AppError('unreachable', `memdash did not answer: ${err instanceof Error ? err.message : String(err)}`);
      }),
    onSuccess: (value) => props.onDone?.(value),
    retry: false,
  });
  // Set in the click itself: the second click of a double-click comes before React has rendered the button disabled.
  const pressed = useRef(false);
  const [pressing, setPressing] = useState(false);
  const armed = useArmedAfter(props.pauseMs ?? 0);
  const press = () => {
    if (pressed.current) return;
    pressed.current = true;
    setPressing(true);
    mutation.mutate(undefined, {
      onSettled: () => {
        pressed.current = false;
        setPressing(false);
      },
    });
  };
  const cluster = useClusterName();
  const confirmed = !props.confirm || typed === props.confirm;
  const ready =
    (credential !== null || sessionWrites || withoutCredential) &&
    confirmed &&
    armed &&
    !pressing &&
    !mutation.isPending &&
    !props.unavailable;
  return (
    <section className="space-y-2 rounded border border-zinc-300 bg-white p-3" data-testid={props.testId ?? 'guarded-action'}>
      <h2 className="text-base font-semibold">{props.title}</h2>
      {/* several clusters may be open in as many tabs: the box says which one it writes to, before anything else */}
      <p data-testid="action-cluster">
        <span className="text-zinc-600">Writes to cluster: </span>
        <strong className="font-mono">{cluster}</strong>
      </p>
      {/* a div: a target's detail may be a list, which a <p> cannot hold (the browser would split it, and hydration fail) */}
      <div data-testid="action-target">
        <span className="text-zinc-600">Target: </span>
        {props.target}
      </div>
      {props.outcome}
      {props.warning && (
        <div
          className={`rounded border p-2 ${props.breaksPodCreation ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-900'}`}
          data-testid="action-warning"
        >
          {props.warning}
        </div>
      )}
      <CommandLines commands={props.commands} title={props.commandsTitle} />
      {withoutCredential ? (
        <p className="text-zinc-700" data-testid="no-credential-needed">
          Needs no write credential: it runs with memdash&apos;s read credential.
        </p>
      ) : (
        <CredentialForm />
      )}
      {(credential || (sessionWrites && !withoutCredential)) && <AccessLines checks={props.checks} />}
      {props.confirm && (
        <label className="flex flex-col gap-1 text-sm">
          <span>
            Type <code className="rounded bg-zinc-100 px-1 font-mono">{props.confirm}</code> to confirm
          </span>
          <input
            className="rounded border px-2 py-1 font-mono"
            aria-label={`Type ${props.confirm} to confirm`}
            autoComplete="off"
            spellCheck={false}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </label>
      )}
      <div className="flex items-center gap-3">
        <Button
          look={props.breaksPodCreation ? 'danger' : 'write'}
          type="button"
          disabled={!ready}
          onClick={press}
          data-breaks-pod-creation={props.breaksPodCreation ? 'yes' : 'no'}
        >
          {pressing || mutation.isPending ? 'Working…' : props.buttonLabel}
        </Button>
        {!armed && (
          <span className="text-zinc-700" data-testid="action-pause">
            Ready in a moment: a pause, so that a click meant for the step before does not press this one.
          </span>
        )}
        {props.unavailable && <span className="text-zinc-600">{props.unavailable}</span>}
      </div>
      {mutation.isError && (
        <div
          className="rounded border border-red-300 bg-red-50 p-2"
          role="alert"
          data-testid="action-error"
          data-error={mutation.error.code}
        >
          <ErrorText as="strong" deep>
            Refused ({mutation.error.status}):{' '}
          </ErrorText>
          <ErrorText deep className="font-mono break-words">
            {mutation.error.message}
          </ErrorText>
        </div>
      )}
      {mutation.isSuccess && (
        <div className="rounded border border-green-300 bg-green-50 p-2" data-testid="action-result">
          {props.result ? props.result(mutation.data) : 'Done.'}
        </div>
      )}
    </section>
  );
}

/** False until `ms` have passed since the component appeared (true at once for 0). */
function useArmedAfter(ms: number): boolean {
  const [armed, setArmed] = useState(ms <= 0);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setArmed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return armed;
}

/** "may create jobs in kyverno-prd" / "may not …", from the cluster, before the button is pressed. */
function AccessLines({ checks }: { checks: readonly AccessCheck[] }) {
  const access = useAccess(checks);
  if (checks.length === 0) return null;
  if (access.isPending) return <p className="text-zinc-600">Asking the cluster what this credential may do…</p>;
  if (access.isError)
    return (
      <ErrorText as="p" data-testid="access-error">
        The cluster did not answer what this credential may do: {access.error.message}
      </ErrorText>
    );
  return (
    <ul className="text-sm" data-testid="access-answers">
      {access.data.answers.map((a) => (
        <li key={a.text} className={a.allowed ? 'text-green-800' : 'text-red-800'} data-allowed={a.allowed}>
          {a.allowed ? '✓' : '✗'} {access.data.actor} {a.text}
        </li>
      ))}
    </ul>
  );
}
