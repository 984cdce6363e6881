import type { Metadata } from 'next';
import { DrillIntro, DrillPage } from '@/components/break-glass/DrillPage';
import { ErrorState } from '@/components/ui/ErrorState';
import { failureOf } from '@/lib/errors';
import { rightsOfPage } from '@/lib/http/viewer';

export const metadata: Metadata = { title: 'Break-glass drill · memdash' };
export const dynamic = 'force-dynamic';

/** The runbook's "Drilling it", with Kyverno healthy: for everyone signed in. */
export default async function Drill() {
  try {
    await rightsOfPage();
  } catch (err) {
    return <ErrorState error={failureOf(err)} />;
  }
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Drill the break-glass</h1>
      <DrillIntro />
      <DrillPage />
    </div>
  );
}
