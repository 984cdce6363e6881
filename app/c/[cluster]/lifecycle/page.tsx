import type { Metadata } from 'next';
import { LifecyclePage } from '@/components/lifecycle/LifecyclePage';
import { readLifecycle } from '@/lib/views/lifecycle';
import { attempt } from '@/lib/views/part';
import { clusterOfPage } from '@/lib/http/cluster';
import { rightsOfPage } from '@/lib/http/viewer';

export const metadata: Metadata = { title: 'Upgrading and removing Kyverno · memdash' };
export const dynamic = 'force-dynamic';

/** The runbook's "Upgrading and removing the app": the owner check after an upgrade, what a removal leaves. */
export default async function Lifecycle({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  // Read here so the checks are in the HTML; the page follows them from the browser. A failed read arrives empty,
  // and the browser's first read says why.
  const first = await attempt(async () => readLifecycle(cluster, await rightsOfPage()));
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Upgrading and removing Kyverno</h1>
      <LifecyclePage initial={first.ok ? first.value : undefined} />
    </div>
  );
}
