import type { Metadata } from 'next';
import { BreakGlassPage } from '@/components/break-glass/BreakGlassPage';
import { settings } from '@/lib/config';
import { controlPlaneFallback } from '@/lib/domain';
import { breakGlassNames } from '@/lib/views/break-glass';

export const metadata: Metadata = { title: 'Break-glass · memdash' };
export const dynamic = 'force-dynamic';

/** Restore pod creation when Kyverno's webhook refuses it, bring Kyverno back, restart what was created meanwhile. */
export default function BreakGlass() {
  const s = settings();
  // From the settings alone, so that it is there when the cluster cannot be read at all.
  const fallback = controlPlaneFallback(s.controlPlaneNodes, breakGlassNames(), s.admissionReplicas);
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-semibold">Break-glass: restore pod creation</h1>
      <BreakGlassPage kubectl={s.kubectl} fallback={fallback} />
    </div>
  );
}
