'use client';
import { useMemo, useState } from 'react';
import { DiffTables } from '@/components/table/DiffTables';
import { asTableConfigMap, diffToCsv, filterDiff } from '@/lib/domain';
import { shellQuote } from '@/lib/domain/shell';
import type { SnapshotPreview } from '@/lib/views/snapshot-preview-types';
import { GoneWorkloads } from './GoneWorkloads';
import { GuardVerdict } from './GuardVerdict';
import { Button } from '@/components/ui/Button';
import { FitPanel } from '@/components/fit/FitPanel';
import { PreviewConfidence } from '@/components/confidence/PreviewConfidence';

/** The computed preview: the guard's verdict, then the diff against today's table with its filters and exports. */
export function PreviewResult({ preview, kubectl }: { preview: SnapshotPreview; kubectl: string }) {
  const [namespace, setNamespace] = useState('');
  const [workload, setWorkload] = useState('');
  const namespaces = useMemo(() => {
    const { added, gone, changed } = preview.diff;
    return [...new Set([...added, ...gone, ...changed].map((c) => c.namespace))].sort();
  }, [preview]);
  const filtered = useMemo(
    () => filterDiff(preview.diff, { namespace: namespace || undefined, workload: workload || undefined }),
    [preview, namespace, workload],
  );
  const { counts, table } = preview;
  const stamp = preview.computedAt.slice(0, 16).replace(/[:T]/g, '');
  const file = `${table.name}-preview-${stamp}.json`;
  return (
    <div className="space-y-3">
      <GuardVerdict preview={preview} />
      <p data-testid="preview-summary">
        Against today&apos;s table:{' '}
        <strong>
          {counts.rows} rows, {counts.new} new, {counts.gone} gone
        </strong>
        , {counts.changed} changed, {preview.diff.unchanged} unchanged.
      </p>
      <form className="flex flex-wrap items-end gap-3" onSubmit={(e) => e.preventDefault()}>
        <label className="flex flex-col">
          Namespace
          <select
            value={namespace}
            onChange={(e) => setNamespace(e.target.value)}
            className="rounded border bg-white px-2 py-1 font-mono"
            data-testid="filter-namespace"
          >
            <option value="">all</option>
            {namespaces.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col">
          Workload contains
          <input
            value={workload}
            onChange={(e) => setWorkload(e.target.value)}
            className="rounded border bg-white px-2 py-1 font-mono"
            data-testid="filter-workload"
          />
        </label>
        <Button
          look="grey"
          type="button"
          onClick={() => download(`${table.name}-preview-diff-${stamp}.csv`, diffToCsv(filtered), 'text/csv')}
        >
          Export CSV
        </Button>
        <Button
          look="grey"
          type="button"
          onClick={() =>
            download(
              `${table.name}-preview-diff-${stamp}.json`,
              JSON.stringify({ window: preview.window, ...filtered }, null, 2),
              'application/json',
            )
          }
        >
          Export JSON
        </Button>
        <Button
          look="grey"
          type="button"
          data-testid="download-configmap"
          onClick={() =>
            download(file, `${JSON.stringify(asTableConfigMap(preview.rows, table.namespace, table.name), null, 2)}\n`, 'application/json')
          }
        >
          Download as ConfigMap
        </Button>
      </form>
      <RestoreHint kubectl={kubectl} namespace={table.namespace} name={table.name} file={file} />
      <FitPanel part={preview.fit} now={new Date(preview.computedAt)} />
      <GoneWorkloads gone={filtered.gone} />
      <PreviewConfidence preview={preview} namespace={namespace} workload={workload} />
      <div className="overflow-x-auto">
        <DiffTables diff={filtered} />
      </div>
    </div>
  );
}

/** The saved preview goes in as the runbook's restore puts a saved table back. */
function RestoreHint({ kubectl, namespace, name, file }: { kubectl: string; namespace: string; name: string; file: string }) {
  const command = `${kubectl} $KC -n ${shellQuote(namespace)} patch configmap ${shellQuote(name)} --type=merge \\\n  -p "$(jq -c '{data}' ${shellQuote(file)})"`;
  return (
    <details className="rounded border border-zinc-300 bg-white p-2">
      <summary>Writing the downloaded file as the table (the runbook&apos;s restore)</summary>
      <pre tabIndex={0} className="mt-1 overflow-x-auto font-mono text-xs" data-testid="restore-command">
        {command}
      </pre>
    </details>
  );
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
