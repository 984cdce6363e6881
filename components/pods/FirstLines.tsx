import type { FirstLine } from '@/lib/domain';
import { Tag } from '@/components/ui/Tag';
import { VERDICT_TONE } from '@/components/ui/tone';
import { Card } from '@/components/ui/Card';

/**
 * The pod page's answer, before any evidence: per container its verdict → what its next pod gets → what to do, and
 * the kubectl when that is a restart. Container names lead, so a pod of several containers reads line by line.
 */
export function FirstLines({ lines }: { lines: Array<FirstLine & { container: string }> }) {
  return (
    <Card aria-label="The answer" data-testid="first-lines">
      <ul className="space-y-2">
        {lines.map((l) => (
          <li key={l.container} data-testid="first-line" data-container={l.container}>
            <span className="font-mono font-medium">{l.container}</span>:{' '}
            <Tag tone={VERDICT_TONE[l.verdict]} className="font-mono text-sm">
              {l.verdict}
            </Tag>{' '}
            → {l.nextPod} → <strong>{l.action}</strong>
            {l.command && <code className="mt-1 block rounded bg-(--code-bg) px-2 py-1 text-xs text-(--code-fg)">{l.command}</code>}
          </li>
        ))}
      </ul>
    </Card>
  );
}
