import type { Metadata } from 'next';
import { BreakGlassPage } from '@/components/break-glass/BreakGlassPage';
import { clusterOfPage } from '@/lib/http/cluster';
import { controlPlaneFallback } from '@/lib/domain';
import { readBreakGlass } from '@/lib/views/break-glass';
import { kyvernoNames } from '@/lib/views/kyverno-names';
import { rightsOfPage } from '@/lib/http/viewer';
import { attempt } from '@/lib/views/part';

export const metadata: Metadata = { title: 'Break-glass · memdash' };
export const dynamic = 'force-dynamic';

/** Restore pod creation when Kyverno's webhook refuses it, bring Kyverno back, restart what was created meanwhile. */
export default async function BreakGlass({ params }: { params: Promise<{ cluster: string }> }) {
  const cluster = clusterOfPage(await params);
  const s = cluster.facts;
  // Read here so that the evidence and the steps are in the HTML; the page follows them live from the browser. Should
  // the read fail as a whole, the page arrives without them and the browser's first read says why, as before.
  const first = await attempt(async () => readBreakGlass(cluster, await rightsOfPage()));
  // From the cluster's facts alone, so that it is there when the cluster cannot be read at all.
  const fallback = controlPlaneFallback(s.controlPlaneNodes, kyvernoNames(s), s.admissionReplicas);
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Break-glass: restore pod creation</h1>
      <BreakGlassPage kubectl={s.kubectl} fallback={fallback} initial={first.ok ? first.value : undefined} />
    </div>
  );
}
