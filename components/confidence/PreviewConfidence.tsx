import { useMemo } from 'react';
import { rowKeyParts, unpackConfidence } from '@/lib/domain';
import type { SnapshotPreview } from '@/lib/views/snapshot-preview-types';
import { ErrorText } from '@/components/ui/ErrorText';
import { FlaggedRows } from './FlaggedRows';

/** The preview's "how sure the rows are": its flagged rows within the page's filters, and whether they were kept. */
export function PreviewConfidence({ preview, namespace, workload }: { preview: SnapshotPreview; namespace: string; workload: string }) {
  const { confidence } = preview;
  const flagged = useMemo(
    () =>
      Object.entries(confidence.flagged)
        .filter(([key]) => {
          const [ns, name] = rowKeyParts(key);
          return (!namespace || ns === namespace) && (!workload || (name ?? '').includes(workload));
        })
        .map(([key, packed]) => [key, unpackConfidence(packed)] as [string, ReturnType<typeof unpackConfidence>]),
    [confidence.flagged, namespace, workload],
  );
  return (
    <section className="space-y-1" data-testid="preview-confidence">
      <h2 className="font-semibold">How sure the rows are</h2>
      <FlaggedRows flagged={flagged} measured={confidence.measured} />
      {!confidence.kept.ok && <ErrorText as="p">{confidence.kept.message}: /table and /workloads show the last kept figures.</ErrorText>}
    </section>
  );
}
