import type { Metadata } from 'next';
import { DrillIntro, DrillPage } from '@/components/break-glass/DrillPage';

export const metadata: Metadata = { title: 'Break-glass drill · memdash' };
export const dynamic = 'force-dynamic';

/** The runbook's "Drilling it", with Kyverno healthy. */
export default function Drill() {
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Drill the break-glass</h1>
      <DrillIntro />
      <DrillPage />
    </div>
  );
}
