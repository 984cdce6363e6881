'use client';
import { useMemo } from 'react';
import { confidenceFlags } from '@/lib/domain';
import { Time } from '@/components/ui/Time';
import { FlaggedRows } from './FlaggedRows';
import type { KeptConfidence } from './useKeptConfidence';
import { ClusterLink } from '@/components/shell/ClusterName';

/** /table's "how sure the rows are": the latest preview's flagged rows, or that no preview has measured any yet. */
export function KeptConfidencePanel({ kept }: { kept: KeptConfidence }) {
  const flagged = useMemo(
    () => [...kept.rows].filter(([, c]) => confidenceFlags(c).length > 0).sort(([a], [b]) => (a < b ? -1 : 1)),
    [kept.rows],
  );
  return (
    <details className="rounded border border-zinc-200 bg-white p-2" data-testid="row-confidence">
      <summary>
        How sure the rows are {kept.state === 'reading' && <span className="text-zinc-600">(reading…)</span>}
        {typeof kept.state === 'object' && <span className="text-red-800">(could not be read: {kept.state.error})</span>}
        {kept.state === 'read' &&
          (kept.computedAt === null ? (
            <span className="text-zinc-600" data-testid="confidence-none">
              — no preview has measured them yet
            </span>
          ) : (
            <span className="text-zinc-600">
              — as the preview of <Time at={kept.computedAt} /> measured them: {flagged.length} flagged
            </span>
          ))}
      </summary>
      {/* the link is here, not in the summary: a link inside a summary is a control inside a control */}
      {kept.computedAt === null ? (
        <p className="mt-2 text-sm">
          A preview measures them: <ClusterLink href="/table/preview">preview the next table</ClusterLink>.
        </p>
      ) : (
        <div className="mt-2">
          <FlaggedRows flagged={flagged} measured={kept.rows.size} />
        </div>
      )}
    </details>
  );
}
