'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { WEBHOOK_STATE_WORDS, type Indication, type ProbeAnswer, formatCount } from '@/lib/domain';
import { useRenderNow } from '@/components/ui/RenderNow';
import { Time } from '@/components/ui/Time';
import { CommandLines } from '@/components/write/CommandLines';
import type { BreakGlassView } from '@/lib/views/break-glass-types';

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
        <div className="rounded border border-zinc-200 bg-white p-3" data-testid="evidence-state" data-state={state?.code ?? ''}>
          <h2 className="font-semibold">State</h2>
          {state ? (
            <p>
              <strong>{WEBHOOK_STATE_WORDS[state.code]}</strong>: {state.reason}.
            </p>
          ) : (
            <p className="text-red-900">{!view.evidence.state.ok && view.evidence.state.error.message}</p>
          )}
        </div>
        <div className="rounded border border-zinc-200 bg-white p-3" data-testid="probe-evidence" data-outcome={probe.data?.outcome ?? ''}>
          <div className="flex items-center gap-2">
            <h2 className="font-semibold">Probe</h2>
            <button
              type="button"
              onClick={() => void probe.refetch()}
              disabled={probe.isFetching}
              className="rounded border border-zinc-400 bg-zinc-50 px-2 py-0.5 hover:bg-zinc-100 disabled:opacity-50"
            >
              {probe.isFetching ? 'Probing…' : 'Run the probe'}
            </button>
          </div>
          {probe.error ? (
            <p className="font-mono text-red-900">{probe.error.message}</p>
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
        </div>
        <div className="rounded border border-zinc-200 bg-white p-3" data-testid="evidence-failed-creates">
          <h2 className="font-semibold">Refused creates naming {view.names.entry}</h2>
          {!view.evidence.failedCreates.ok ? (
            <p className="text-red-900">{view.evidence.failedCreates.error.message}</p>
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
        </div>
      </div>
      <details className="rounded border border-zinc-200 bg-white p-2">
        <summary className="cursor-pointer">The same by hand</summary>
        <CommandLines commands={[view.commands.probe]} title="The probe" />
      </details>
    </section>
  );
}
