'use client';

import { CONTROL_PLANE_FALLBACK_PATH } from '@/lib/routes';
import { WEBHOOK_STATE_WORDS, type WebhookStateCode, type WebhookVerdict } from '@/lib/domain';
import { Time } from '@/components/ui/Time';
import { useRenderNow } from '@/components/ui/RenderNow';
import { BOX_TONE, WEBHOOK_STATE_TONE } from '@/components/ui/tone';
import { ClusterLink } from '@/components/shell/ClusterName';

// The states whose way out is on the break-glass page, and what the operator does there.
const BREAK_GLASS_STEP: Partial<Record<WebhookStateCode, string>> = {
  refusing: 'Restore pod creation',
  'break-glass': 'Bring Kyverno back and restart what was created meanwhile',
};

/** The one verdict on top: the state in words, why, the probe's contradiction if any, and when it was read. */
export function StateBanner({ verdict, readAt, compact = false }: { verdict: WebhookVerdict; readAt: string; compact?: boolean }) {
  const { state, computed, contradiction } = verdict;
  const now = useRenderNow();
  return (
    <section
      className={`rounded border p-3 ${BOX_TONE[WEBHOOK_STATE_TONE[state.code]]}`}
      data-testid="webhook-state"
      data-state={state.code}
      data-computed={computed.code}
    >
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 className={compact ? 'font-semibold' : 'text-lg font-semibold'}>{WEBHOOK_STATE_WORDS[state.code]}</h2>
        {/* in the box's own colour: grey on its red or amber falls short of 4.5:1 */}
        <span className="text-xs [&_span]:text-inherit" data-testid="last-read">
          last read <Time at={readAt} now={now} />
        </span>
      </div>
      <p className="mt-1">{state.reason}.</p>
      {contradiction && (
        <p className="mt-1 font-medium" data-testid="contradiction">
          {contradiction} From the Deployment and the registration alone: {WEBHOOK_STATE_WORDS[computed.code]} ({computed.reason}).
        </p>
      )}
      {state.code === 'unknown' && (
        <p className="mt-2">
          <ClusterLink href={CONTROL_PLANE_FALLBACK_PATH} className="font-semibold underline" data-testid="fallback-link">
            When the API server or the token is the broken thing: the commands for a control-plane node →
          </ClusterLink>
        </p>
      )}
      {BREAK_GLASS_STEP[state.code] && (
        <p className="mt-2">
          <ClusterLink href="/break-glass" className="font-semibold underline" data-testid="break-glass-link">
            {BREAK_GLASS_STEP[state.code]}: break-glass →
          </ClusterLink>
        </p>
      )}
    </section>
  );
}
