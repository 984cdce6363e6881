'use client';

import type { ReactNode } from 'react';
import { STEP_ACTIONS, buttonCommands, buttonLabel, type StepButton, type StepCommands, type StepNames } from '@/lib/domain';
import { GuardedAction } from '@/components/write/GuardedAction';
import type { StepAnswer } from '@/lib/views/break-glass-types';
import { useStepRunner } from './useBreakGlass';

/**
 * One step's button, on the break-glass page and on the drill's: its target, commands, checks and route from the
 * domain's table, the page's words for it, and what the page reads live about the target, after its name.
 */
export function GuardedStep({
  testId,
  button,
  names,
  commands,
  replicas,
  detail,
  warning,
  onDone,
}: {
  testId: string;
  button: StepButton;
  names: StepNames;
  commands: StepCommands;
  /** The count a scale-up goes back to, for its label. */
  replicas: number;
  detail?: ReactNode;
  warning?: ReactNode;
  onDone: (answer: StepAnswer) => void;
}) {
  const run = useStepRunner();
  const step = STEP_ACTIONS[button.action];
  const target = step.target(names);
  const confirm = step.confirm?.(names);
  const body = confirm === undefined ? {} : { confirm };
  return (
    <GuardedAction
      testId={testId}
      title={button.title}
      target={
        <>
          {target.words} <code>{target.name}</code>
          {detail}
        </>
      }
      commands={buttonCommands(button, commands)}
      checks={step.checks(names)}
      warning={warning}
      confirm={confirm}
      breaksPodCreation={button.breaksPodCreation}
      pauseMs={button.pauseMs}
      buttonLabel={buttonLabel(button, replicas)}
      run={(credential) => run(step.path, body, credential)}
      runWithoutCredential={step.readsOnly ? () => run(step.path, body, null) : undefined}
      result={(answer) => (
        <span data-testid="step-result">
          {answer.done}
          {answer.probe && <>: {answer.probe.explanation}</>}
        </span>
      )}
      onDone={onDone}
    />
  );
}
