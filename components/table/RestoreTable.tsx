'use client';

import { useState } from 'react';
import { DiffTables } from '@/components/table/DiffTables';
import { GuardedAction } from '@/components/write/GuardedAction';
import { tablePatchCheck } from '@/lib/domain/access';
import { restoreCommands } from '@/lib/domain/write-commands';
import type { AppError } from '@/lib/errors';
import { postWrite } from '@/lib/client/query';
import type { RestoreBody, RestoreDone, RestorePreview, RestoreSource } from '@/lib/views/table-write-types';
import { Card } from '@/components/ui/Card';
import { clusterHref } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';

export interface VersionChoice {
  id: number;
  text: string;
  /** An uploaded saved table, not a version memdash saw: offered apart. */
  imported: boolean;
}

interface Props {
  namespace: string;
  table: string;
  versions: VersionChoice[];
  /** Why no version is offered, when none is: said where the picker would be. */
  noVersions: string | null;
  commandSettings: { kubectl: string; kyvernoNamespace: string; tableConfigMap: string; snapshotCronJob: string };
}

/** Pick a version of the history (recorded ones apart from imported ones) or a saved file, see what it changes against today's table, then put it back. */
export function RestoreTable({ namespace, table, versions, noVersions, commandSettings }: Props) {
  const cluster = useClusterName();
  const [source, setSource] = useState<RestoreSource | null>(null);
  const [preview, setPreview] = useState<RestorePreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function show(next: RestoreSource) {
    setSource(next);
    setPreview(null);
    setProblem(null);
    try {
      // the diff needs no credential: it writes nothing
      setPreview(await postWrite<RestorePreview>(clusterHref(cluster, '/api/table/restore/diff'), next, null));
    } catch (err) {
      setProblem((err as AppError).message);
    }
  }

  return (
    <div className="space-y-3">
      <Card className="flex flex-wrap items-end gap-4" data-testid="restore-source">
        {/* a version's label is long: on a phone the select takes the box's width and cuts it, not the page's */}
        {noVersions ? (
          <p className="max-w-prose text-sm text-amber-900" role="status" data-testid="restore-no-versions">
            {noVersions}
          </p>
        ) : (
          <label className="flex max-w-full min-w-0 flex-col text-sm">
            A version of the history
            <select
              className="w-full max-w-full min-w-0 rounded border px-2 py-1 sm:w-auto"
              aria-label="Version of the history"
              defaultValue=""
              onChange={(e) => e.target.value && show({ versionId: Number(e.target.value) })}
            >
              <option value="">choose…</option>
              <VersionGroup label="Recorded by memdash" versions={versions.filter((v) => !v.imported)} />
              <VersionGroup label="Imported (not recorded by memdash)" versions={versions.filter((v) => v.imported)} />
            </select>
          </label>
        )}
        <span className="text-zinc-600">or</span>
        <label className="flex flex-col text-sm">
          A saved file (memory-requests-&lt;date&gt;.json)
          <input
            type="file"
            accept=".json,application/json"
            aria-label="Saved table file"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              if (file) await show({ fileName: file.name, content: await file.text() });
            }}
          />
        </label>
      </Card>
      {problem && (
        <p className="rounded border border-red-300 bg-red-50 p-2 text-red-900" role="alert">
          {problem}
        </p>
      )}
      {preview && source && (
        <>
          <p data-testid="restore-preview">
            Restoring <strong>{preview.label}</strong> ({preview.savedRows} rows) changes today&apos;s table (resourceVersion{' '}
            <span className="font-mono">{preview.resourceVersion}</span>): {preview.counts.new} new, {preview.counts.gone} gone,{' '}
            {preview.counts.changed} changed.
          </p>
          <details open={preview.counts.new + preview.counts.gone + preview.counts.changed <= 50}>
            <summary>The rows it changes</summary>
            <DiffTables diff={preview.diff} />
          </details>
          <GuardedAction
            key={JSON.stringify(['versionId' in source ? source.versionId : source.fileName, preview.resourceVersion])}
            testId="restore-table"
            title="Restore this table"
            target={
              <>
                the <span className="font-mono">data</span> of ConfigMap{' '}
                <span className="font-mono">
                  {namespace}/{table}
                </span>
                , replaced by {preview.label}
              </>
            }
            warning={
              preview.counts.gone > 0 ? (
                <p>
                  Today&apos;s table has {preview.counts.gone} rows the saved one lacks: memdash names them null in the merge patch so the
                  data equals the saved data exactly (the runbook&apos;s command alone would keep them).
                </p>
              ) : undefined
            }
            commands={restoreCommands(commandSettings, preview.fileName)}
            checks={[tablePatchCheck(namespace, table)]}
            confirm={table}
            buttonLabel="Restore"
            // the table this diff was made against: the restore is refused (409) when it was written since
            run={(credential) =>
              postWrite<RestoreDone>(
                clusterHref(cluster, '/api/table/restore'),
                { ...source, resourceVersion: preview.resourceVersion } satisfies RestoreBody,
                credential,
              )
            }
            result={(done) => (
              <span data-testid="restore-done" data-identical={done.identical}>
                Restored: the table holds {done.rows} rows,{' '}
                {done.identical ? 'identical to the saved data' : 'NOT identical to the saved data — look at it now'}.
              </span>
            )}
          />
        </>
      )}
    </div>
  );
}

function VersionGroup({ label, versions }: { label: string; versions: VersionChoice[] }) {
  if (versions.length === 0) return null;
  return (
    <optgroup label={label}>
      {versions.map((v) => (
        <option key={v.id} value={v.id}>
          {v.text}
        </option>
      ))}
    </optgroup>
  );
}
