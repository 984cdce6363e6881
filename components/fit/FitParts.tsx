import type { FitReport, LimitBreach, NodeFit, QuotaFit } from '@/lib/domain';
import { formatCount } from '@/lib/domain';
import { Memory } from '@/components/ui/Memory';
import { HeadRow, Row, Table, Td, Th } from '@/components/ui/Table';
import { workloadPath } from '@/lib/routes';
import { ClusterLink } from '@/components/shell/ClusterName';

const over = 'font-semibold text-red-800';

export function FitNodes({ nodes }: { nodes: NodeFit[] }) {
  if (nodes.length === 0) return <p>No node to show.</p>;
  return (
    <Table data-testid="fit-nodes">
      <thead>
        <HeadRow>
          <Th>Node</Th>
          <Th>Allocatable</Th>
          <Th>Requests now</Th>
          <Th>With the next table</Th>
          <Th>Adds the most</Th>
        </HeadRow>
      </thead>
      <tbody>
        {nodes.map((n) => (
          <Row key={n.name} data-testid="fit-node" data-node={n.name} data-over={n.overNext ? 'yes' : 'no'}>
            <Td className="font-mono">{n.name}</Td>
            <Td data-testid="fit-allocatable">
              {n.allocatable === null ? <span className="text-amber-900">unknown</span> : <Memory bytes={n.allocatable} capacity />}
            </Td>
            <Td data-testid="fit-now" className={n.overNow ? over : ''}>
              <Memory bytes={n.now} /> ({formatCount(n.pods)} pods)
            </Td>
            <Td data-testid="fit-next" className={n.overNext ? over : ''}>
              <Memory bytes={n.next} />
              {n.overNext && ' over-committed'}
            </Td>
            <Td data-testid="fit-top">
              {n.top.map((t, i) => (
                <span key={`${t.namespace}/${t.workload}`}>
                  {i > 0 && ', '}
                  <ClusterLink href={workloadPath(t.namespace, t.workload)}>
                    {t.namespace}/{t.workload}
                  </ClusterLink>{' '}
                  +<Memory bytes={t.adds} />
                </span>
              ))}
            </Td>
          </Row>
        ))}
      </tbody>
    </Table>
  );
}

/** Said of a part of the cluster when the asker reads only a part: a "none" is then true of that part alone. */
export const OF_YOURS = 'of the namespaces you can read';

export function FitNowhere({ report, partial }: { report: FitReport; partial: boolean }) {
  if (report.nowhereTotal === 0)
    return (
      <p data-testid="fit-nowhere-none">Every pod&apos;s next request fits on a node it may run on{partial ? `, ${OF_YOURS}` : ''}.</p>
    );
  return (
    <div data-testid="fit-nowhere">
      <p className={over}>
        {formatCount(report.nowhereTotal)} {report.nowhereTotal === 1 ? "pod's next request fits" : "pods' next requests fit"} on no node
        today{report.nowhere.length < report.nowhereTotal ? ` (the first ${report.nowhere.length} shown)` : ''}:
      </p>
      <ul className="list-disc pl-5">
        {report.nowhere.map((p) => (
          <li key={`${p.namespace}/${p.pod}`} data-testid="fit-nowhere-pod" data-pod={`${p.namespace}/${p.pod}`}>
            <span className="font-mono">
              {p.namespace}/{p.pod}
            </span>
            : next request <Memory bytes={p.next} /> (now <Memory bytes={p.now} />
            ),{' '}
            {p.room === null ? (
              'no node it may run on'
            ) : (
              <>
                the most room on the {p.eligible} node(s) it may run on is <Memory bytes={p.room} />
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FitQuotas({ quotas, partial }: { quotas: QuotaFit[]; partial: boolean }) {
  if (quotas.length === 0)
    return <p data-testid="fit-no-quota">No ResourceQuota on requests.memory {partial ? 'in the namespaces you can read' : 'here'}.</p>;
  return (
    <ul className="space-y-1" data-testid="fit-quotas">
      {quotas.map((q) => (
        <li
          key={`${q.namespace}/${q.name}`}
          data-testid="fit-quota"
          data-quota={`${q.namespace}/${q.name}`}
          data-over={q.overNext ? 'yes' : 'no'}
        >
          ResourceQuota{' '}
          <span className="font-mono">
            {q.namespace}/{q.name}
          </span>
          : hard <span className="font-mono">{q.hardText}</span>
          {q.hard !== null && (
            <>
              {' '}
              (<Memory bytes={q.hard} capacity />)
            </>
          )}
          , used now{' '}
          <span data-testid="fit-quota-now">
            <Memory bytes={q.now} />
          </span>
          {q.usedText !== null && <> (the quota says {q.usedText})</>}, with the next table{' '}
          <span data-testid="fit-quota-next" className={q.overNext ? over : ''}>
            <Memory bytes={q.next} />
          </span>
          {q.refused.length > 0 && (
            <ul className="list-disc pl-5">
              {q.refused.map((r) => (
                <li key={r.workload} data-testid="fit-refused" data-workload={r.workload}>
                  <span className={over}>{r.workload}&apos;s next pod is refused</span>: its <Memory bytes={r.next} /> beside today&apos;s
                  pods is above hard
                  {r.raised ? (
                    <>
                      ; at today&apos;s <Memory bytes={r.now} /> it would be admitted
                    </>
                  ) : (
                    ' even at today\u2019s request'
                  )}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}

export function FitBreaches({ breaches }: { breaches: LimitBreach[] }) {
  if (breaches.length === 0) return null;
  return (
    <ul className="list-disc pl-5" data-testid="fit-breaches">
      {breaches.map((b) => (
        <li
          key={`${b.limitRange}/${b.workload}/${b.container}/${b.kind}`}
          data-testid="fit-breach"
          data-workload={b.workload}
          data-kind={b.kind}
        >
          LimitRange{' '}
          <span className="font-mono">
            {b.namespace}/{b.limitRange}
          </span>{' '}
          refuses <span className="font-mono">{b.workload}</span>&apos;s next pod ({b.container}): {b.words}
        </li>
      ))}
    </ul>
  );
}
