import type { ReactNode } from 'react';
import { countOf } from '@/lib/domain';
import { BOX_TONE } from '@/components/ui/tone';

/**
 * "N rows gone" as a caution wherever a write's counts are shown, a success included: a gone row is a workload
 * container whose next pods get no request from the table, which a green "wrote the table" hides.
 */
export function RowsGone({ gone, children }: { gone: number; children?: ReactNode }) {
  if (gone <= 0) return null;
  return (
    <div role="note" className={`rounded border-2 p-2 ${BOX_TONE.warn}`} data-testid="rows-gone" data-gone={gone}>
      <p>
        <strong>{countOf(gone, 'row')} gone</strong>: their containers&apos; next pods get no request from the table until a later run
        measures them again.
      </p>
      {children}
    </div>
  );
}
