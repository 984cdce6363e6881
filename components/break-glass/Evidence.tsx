'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { WEBHOOK_STATE_WORDS, type Indication, type ProbeAnswer, formatCount } from '@/lib/domain';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Time } from '@/components/ui/Time';
import { CommandLines } from '@/components/write/CommandLines';
import type { BreakGlassView } from '@/lib/views/break-glass-types';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { ErrorText } from '@/components/ui/ErrorText';
import { QuotaRefusals } from '@/components/fit/QuotaRefusals';

const INDICATION_TONE = {
  yes: 'border-red-400 bg-red-100 text-red-900',
  policy: 'border-amber-300 bg-amber-50 text-amber-900',
  no: 'border-green-300 bg-green-50 text-green-900',
  unknown: 'border-zinc-300 bg-white text-zinc-900',
};

/** Evidence first: the state, the refused creates that name the webhook, the probe, and what they call for. */
export function Evidence({
  view,
  probe,
  indication,
}: {
  view: BreakGlassView;
  probe: UseQueryResult<ProbeAnswer>;
  indication: Indication;
}) {
  const state = view.evidence.state.ok ? view.evidence.state.value : null;
  const failed = view.evidence.failedCreates.ok ? view.evidence.failedCreates.value : [];
  const now = useRenderNow();
  return (
    <section className="space-y-2" data-testid="evidence">
      <div className={`rounded border p-3 ${INDICATION_TONE[indication.code]}`} data-testid="indication" data-code={indication.code}>
        <p className="font-semibold">{indication.words}</p>
      </div>
      <div className="grid grid-cols-1 gap-2 md:grid-cols-3">
        <Card as="div" data-testid="evidence-state" data-state={state?.code ?? ''}>
          <h2 className="font-semibold">State</h2>
          {state ? (
            <p>
              <strong>{WEBHOOK_STATE_WORDS[state.code]}</strong>: {state.reason}.
            </p>
          ) : (
            <ErrorText as="p" deep>
              {!view.evidence.state.ok && view.evidence.state.error.message}
            </ErrorText>
          )}
        </Card>
        <Card as="div" data-testid="probe-evidence" data-outcome={probe.data?.outcome ?? ''}>
          <div className="flex items-center gap-2">
            <h2 className="font-semibold">Probe</h2>
            <Button look="quiet" type="button" onClick={() => void probe.refetch()} disabled={probe.isFetching}>
              {probe.isFetching ? 'Probing…' : 'Run the probe'}
            </Button>
          </div>
          {probe.error ? (
            <ErrorText as="p" deep className="font-mono">
              {probe.error.message}
            </ErrorText>
          ) : probe.data ? (
            <>
              <p>
                <strong>{probe.data.outcome}</strong> <Time at={probe.data.at} now={now} />
              </p>
              <p>{probe.data.explanation}</p>
              {probe.data.message && <p className="font-mono text-xs break-words text-zinc-700">{probe.data.message}</p>}
            </>
          ) : (
            <p className="text-zinc-500">probing…</p>
          )}
        </Card>
        <Card as="div" data-testid="evidence-failed-creates">
          <h2 className="font-semibold">Refused creates naming {view.names.entry}</h2>
          {!view.evidence.failedCreates.ok ? (
            <ErrorText as="p" deep>
              {view.evidence.failedCreates.error.message}
            </ErrorText>
          ) : failed.length === 0 ? (
            <p className="text-zinc-600">None recent.</p>
          ) : (
            <ul className="space-y-1">
              {failed.map((g) => (
                <li
                  key={`${g.owner.kind}/${g.owner.namespace}/${g.owner.name}`}
                  data-testid="failed-create"
                  data-owner={`${g.owner.namespace}/${g.owner.name}`}
                >
                  <code>
                    {g.owner.kind} {g.owner.namespace}/{g.owner.name}
                  </code>{' '}
                  ×{formatCount(g.count)}, last <Time at={g.last} now={now} />
                </li>
              ))}
            </ul>
          )}
          <QuotaRefusals part={view.evidence.quotaRefusals} now={now} detail={false} />
        </Card>
      </div>
      <Card as="details" compact>
        <summary className="cursor-pointer">The same by hand</summary>
        <CommandLines commands={[view.commands.probe]} title="The probe" />
      </Card>
    </section>
  );
}
