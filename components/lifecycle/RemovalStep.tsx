'use client';

import type { ReactNode } from 'react';
import { REMOVAL_ACTIONS, type LifecycleCommands, type RemovalActionId } from '@/lib/domain';
import { GuardedAction } from '@/components/write/GuardedAction';
import { useRemovalRunner } from './useLifecycle';

/**
 * One of the removal's deletes: its target, commands, checks, route and typed confirmation from the domain's table
 * (REMOVAL_ACTIONS), what the page read about the target after its name, and why it is not offered now.
 */
export function RemovalStep({
  action,
  commands,
  crds,
  detail,
  warning,
  unavailable,
}: {
  action: RemovalActionId;
  commands: LifecycleCommands;
  /** How many of Kyverno's CRDs the page showed: the CRD delete's confirmation names it. */
  crds: number;
  detail?: ReactNode;
  warning?: ReactNode;
  unavailable: string | null;
}) {
  const run = useRemovalRunner();
  const step = REMOVAL_ACTIONS[action];
  const confirm = step.confirm?.(crds);
  const body = confirm === undefined ? {} : { confirm };
  return (
    <GuardedAction
      testId={`removal-${action}`}
      title={step.title}
      target={
        <>
          {step.target.words} <code>{step.target.name}</code>
          {detail}
        </>
      }
      commands={step.commands(commands)}
      checks={step.checks}
      warning={warning}
      confirm={confirm}
      buttonLabel={step.label}
      unavailable={unavailable}
      run={(credential) => run(step.path, body, credential)}
      result={(answer) => <span data-testid="removal-result">{answer.done}</span>}
    />
  );
}
