import { toDate, countOf } from '@/lib/domain';
import type { Explanation } from '@/lib/views/explain-types';
import { OwnerChain } from './OwnerChain';
import { Time } from '@/components/ui/Time';
import { ErrorText } from '@/components/ui/ErrorText';
import { Card } from '@/components/ui/Card';

/** The facts every container's verdict rests on: owner chain, table state, registration, and their times. */
export function PodEvidence({ explanation: e, now }: { explanation: Explanation; now: Date }) {
  return (
    <Card as="dl" className="grid grid-cols-1 sm:grid-cols-[10rem_minmax(0,1fr)] gap-x-4 gap-y-1">
      <dt className="text-zinc-600">Created</dt>
      <dd data-testid="pod-created">
        <Time at={e.pod.createdAt} now={now} />
      </dd>
      <dt className="text-zinc-600">Owner chain</dt>
      <dd>
        <OwnerChain explanation={e} />
      </dd>
      <dt className="text-zinc-600">Table</dt>
      <dd data-testid="table-state">
        <TableState explanation={e} now={now} />
      </dd>
      <dt className="text-zinc-600">Pod webhook</dt>
      <dd data-testid="registration-state">
        <span className="font-mono">
          {e.registration.name} / {e.registration.entry}
        </span>{' '}
        {e.registration.present ? 'registered now' : <ErrorText as="strong">not registered now</ErrorText>}
      </dd>
    </Card>
  );
}

function TableState({ explanation: e, now }: { explanation: Explanation; now: Date }) {
  const { table } = e;
  const name = <span className="font-mono">{table.configMap}</span>;
  if (!table.loaded) {
    return (
      <ErrorText className="font-medium" data-testid="no-table">
        No table: {name} has no data, so Kyverno admits covered pods untouched.
      </ErrorText>
    );
  }
  if (table.rows === null) {
    return <span data-testid="table-withheld">{name}: loaded; its rows and last write are not yours to read.</span>;
  }
  const written = toDate(table.lastWriteAt);
  const created = toDate(e.pod.createdAt);
  const order = written && created ? (written > created ? 'after this pod was created' : 'before this pod was created') : null;
  return (
    <span>
      {name}: {countOf(table.rows, 'row')}
      {table.malformed !== null && table.malformed > 0 && <span className="text-amber-800"> ({table.malformed} malformed)</span>}, last
      written <Time at={table.lastWriteAt} now={now} />
      {order && <strong> — {order}</strong>}
    </span>
  );
}
