import type { PodAdvice } from '@/lib/domain';
import { Tag } from '@/components/ui/Tag';
import { VERDICT_TONE } from '@/components/ui/tone';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';

/**
 * The pod page's answer, before any evidence: the pod's news first (an eviction), then per container its verdict →
 * what its next pod gets, then one thing to do for the whole pod and its kubectl, said once however many containers
 * it applies to.
 */
export function FirstLines({ advice }: { advice: PodAdvice }) {
  return (
    <Card aria-label="The answer" data-testid="first-lines" className="space-y-2">
      {advice.lead && (
        <p data-testid="pod-lead">
          <ErrorText as="strong">{advice.lead}</ErrorText>
        </p>
      )}
      <ul className="space-y-1">
        {advice.lines.map((l) => (
          <li key={l.container} data-testid="first-line" data-container={l.container}>
            <span className="font-mono font-medium">{l.container}</span>:{' '}
            <Tag tone={VERDICT_TONE[l.verdict]} className="font-mono text-sm">
              {l.verdict}
            </Tag>{' '}
            → {l.nextPod}
          </li>
        ))}
      </ul>
      <div data-testid="pod-action">
        <strong>{advice.action}</strong>
        {advice.command && (
          <code className="mt-1 block rounded bg-(--code-bg) px-2 py-1 text-xs text-(--code-fg)" data-testid="pod-action-command">
            {advice.command}
          </code>
        )}
      </div>
    </Card>
  );
}
