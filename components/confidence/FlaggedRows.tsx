import {
  CONFIDENCE_FLAG_WORDS,
  HOT_POD_RATIO,
  confidenceFlags,
  confidenceLine,
  formatCount,
  type ConfidenceFlag,
  type RowConfidence,
} from '@/lib/domain';
import { Card } from '@/components/ui/Card';
import { FlagMeanings } from './ConfidenceTags';

// A long list of flagged rows is cut: the rest are found by the table's own search.
const SHOWN = 200;

const FLAGS: ConfidenceFlag[] = ['short-history', 'hot-pod', 'spiky'];

/**
 * The rows a flag is raised on, each with its figures and what the flag means for its next pod; the counts per flag
 * first. `measured`: how many rows the preview measured.
 */
export function FlaggedRows({ flagged, measured }: { flagged: ReadonlyArray<[string, RowConfidence]>; measured: number }) {
  const counts = new Map<ConfidenceFlag, number>();
  for (const [, c] of flagged) for (const f of confidenceFlags(c)) counts.set(f, (counts.get(f) ?? 0) + 1);
  return (
    <div className="space-y-2" data-testid="flagged-rows">
      <p>
        Of {formatCount(measured)} rows measured:{' '}
        {FLAGS.map((f, i) => (
          <span key={f} data-testid={`flag-count-${f}`}>
            {i > 0 && ', '}
            <strong>{formatCount(counts.get(f) ?? 0)}</strong> {CONFIDENCE_FLAG_WORDS[f]}
          </span>
        ))}
        . (&ldquo;Far hotter&rdquo;: a pod&apos;s own p90 at {HOT_POD_RATIO}× the pooled p90 or more.)
      </p>
      {flagged.length > 0 && (
        <ul className="space-y-1">
          {flagged.slice(0, SHOWN).map(([key, c]) => (
            <Card as="li" compact key={key} data-testid="flagged-row" data-key={key} data-flags={confidenceFlags(c).join(' ')}>
              <span className="font-mono break-all">{key}</span> <span className="text-zinc-600">— {confidenceLine(c)}</span>
              <FlagMeanings confidence={c} />
            </Card>
          ))}
        </ul>
      )}
      {flagged.length > SHOWN && <p className="text-zinc-600">and {formatCount(flagged.length - SHOWN)} more flagged rows.</p>}
    </div>
  );
}
