import type { FailedCreateGroup, Part } from '@/lib/domain';
import { formatCount, refusingQuota } from '@/lib/domain';
import { Time } from '@/components/ui/Time';

/**
 * Creates a ResourceQuota refused: the quota admission runs after Kyverno, so a raised request is refused there. Named
 * as the quota's, apart from the webhook's refusals, and never counted against the webhook.
 */
export function QuotaRefusals({ part, now, detail = true }: { part: Part<FailedCreateGroup[]> | undefined; now: Date; detail?: boolean }) {
  if (!part) return null;
  if (!part.ok) return <p className="text-zinc-600">Quota refusals could not be read: {part.error.message}</p>;
  if (part.value.length === 0) return null;
  return (
    <div data-testid="quota-refusals">
      <p className="font-medium">Refused by a ResourceQuota, not by the webhook (the quota admission sees the request Kyverno set):</p>
      <ul className="list-disc pl-5">
        {part.value.map((g) => (
          <li
            key={`${g.owner.kind}/${g.owner.namespace}/${g.owner.name}`}
            data-testid="quota-refusal"
            data-owner={`${g.owner.namespace}/${g.owner.name}`}
          >
            <code>
              {g.owner.kind} {g.owner.namespace}/{g.owner.name}
            </code>{' '}
            ×{formatCount(g.count)}, last <Time at={g.last} now={now} />: exceeded quota{' '}
            <span className="font-mono" data-testid="refusing-quota">
              {refusingQuota(g.message) ?? 'unnamed'}
            </span>
            {detail && <div className="font-mono text-xs break-words text-zinc-700">{g.message}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
