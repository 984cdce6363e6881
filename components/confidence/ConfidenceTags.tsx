import { CONFIDENCE_FLAG_WORDS, confidenceDays, confidenceFlags, confidenceLine, flagMeaning, type RowConfidence } from '@/lib/domain';
import { Tag } from '@/components/ui/Tag';

/** What a row without kept figures says, rather than nothing. */
export const NOT_MEASURED = 'no preview has measured this row yet; run a preview';

const SHORT: Record<ReturnType<typeof confidenceFlags>[number], string> = {
  'short-history': '< 7 days',
  'hot-pod': 'hot pod',
  spiky: 'spiky',
};

/**
 * A row's figures in a few characters (its pods and days, or its flags), the whole of them and what each flag means
 * for the next pod in its title. `undefined` while they are being read.
 */
export function ConfidenceTags({ confidence }: { confidence: RowConfidence | null | undefined }) {
  if (confidence === undefined) return <span className="text-zinc-500">…</span>;
  if (confidence === null)
    return (
      <span className="text-zinc-500" title={NOT_MEASURED} data-testid="confidence-none">
        not measured
      </span>
    );
  const flags = confidenceFlags(confidence);
  const title = [confidenceLine(confidence), ...flags.map((f) => flagMeaning(f, confidence))].join('\n');
  if (flags.length === 0)
    return (
      <span className="text-zinc-600" title={title} data-testid="confidence" data-flags="">
        {confidence.pods}p · {confidenceDays(confidence)}d
      </span>
    );
  return (
    <span className="inline-flex gap-1" title={title} data-testid="confidence" data-flags={flags.join(' ')}>
      {flags.map((f) => (
        <Tag key={f} tone="warn" aria-label={CONFIDENCE_FLAG_WORDS[f]}>
          {SHORT[f]}
        </Tag>
      ))}
    </span>
  );
}

/** Each flag's one line for the next pod, under the row it is about. */
export function FlagMeanings({ confidence }: { confidence: RowConfidence | null | undefined }) {
  if (!confidence) return null;
  const flags = confidenceFlags(confidence);
  if (flags.length === 0) return null;
  return (
    <ul className="text-xs text-amber-900" data-testid="flag-meanings">
      {flags.map((f) => (
        <li key={f}>{flagMeaning(f, confidence)}</li>
      ))}
    </ul>
  );
}

/** A row's figures and flags on a line of its own, with what each flag means for the next pod. */
export function RowConfidenceLine({ confidence }: { confidence: RowConfidence | null | undefined }) {
  return (
    <div className="pl-2 text-xs" data-testid="row-confidence-line">
      <ConfidenceTags confidence={confidence} />
      <FlagMeanings confidence={confidence} />
    </div>
  );
}
