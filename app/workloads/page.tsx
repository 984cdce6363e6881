import type { Metadata } from 'next';
import Link from 'next/link';
import { connection } from 'next/server';
import { ErrorState } from '@/components/ErrorState';
import { Memory } from '@/components/Memory';
import type { TableRow } from '@/lib/domain';
import { readClients } from '@/lib/k8s/client';
import { readTable } from '@/lib/k8s/table';
import { workloadHref } from '@/lib/routes';
import { attempt } from '@/lib/views/part';
import { Row, Table, Td } from '@/components/ui/Table';

export const metadata: Metadata = { title: 'Workloads · memdash' };

/** Every workload the table has rows for, with its containers' rows. */
export default async function WorkloadsPage() {
  await connection();
  const read = await attempt(() => readTable(readClients()));
  if (!read.ok) return <ErrorState error={read.error} />;
  const rows = Object.values(read.value.parsed.rows);
  const byWorkload = new Map<string, TableRow[]>();
  for (const row of rows) {
    const id = `${row.namespace}/${row.workload}`;
    byWorkload.set(id, [...(byWorkload.get(id) ?? []), row]);
  }
  const ids = [...byWorkload.keys()].sort();
  return (
    <div className="space-y-3">
      <h1 className="text-lg font-semibold">Workloads in the table ({ids.length})</h1>
      <p className="text-sm text-zinc-600">
        A workload without a row (new, or without samples in the window) is not listed; open it by its name:
        /workloads/&lt;namespace&gt;/&lt;workload&gt;.
      </p>
      <Table data-testid="workloads">
        <tbody>
          {ids.map((id) => (
            <Row key={id}>
              <Td className="font-mono">
                <Link href={workloadHref(byWorkload.get(id)![0]!.namespace, byWorkload.get(id)![0]!.workload)}>{id}</Link>
              </Td>
              <Td>
                {byWorkload.get(id)!.map((r) => (
                  <span key={r.key} className="mr-3 font-mono">
                    {r.container} <Memory bytes={r.bytes} />
                  </span>
                ))}
              </Td>
            </Row>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
