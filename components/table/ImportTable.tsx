'use client';

import { countOf } from '@/lib/domain';
import { tablePatchCheck } from '@/lib/domain/access';
import { shellQuote } from '@/lib/domain/shell';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Card } from '@/components/ui/Card';
import { GuardedAction } from '@/components/write/GuardedAction';
import { postWrite } from '@/lib/client/query';
import { Time } from '@/components/ui/Time';
import { clusterHref } from '@/lib/routes';
import { useClusterName } from '@/components/shell/ClusterName';

interface Imported {
  versionId: number;
  created: boolean;
  rows: number;
  takenAt: string;
}

/**
 * Uploads a saved table (memory-requests-<date>.json) to the history as a version dated by its name or a time. A
 * write: it takes the write credential, which must be allowed to patch the table.
 */
export function ImportTable({ namespace, table }: { namespace: string; table: string }) {
  const cluster = useClusterName();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [takenAt, setTakenAt] = useState('');

  return (
    <Card data-testid="import-table">
      <h2 className="font-semibold">Import a saved table</h2>
      <p className="text-sm text-zinc-600">
        The file the runbook saves: <code>kubectl get configmap memory-requests -o json &gt; memory-requests-&lt;date&gt;.json</code>. It is
        dated by the date in its name, unless you give a time. It is listed under &ldquo;Imported&rdquo;, apart from what memdash recorded.
      </p>
      <div className="my-2 flex flex-wrap items-end gap-3">
        <input
          type="file"
          accept=".json,application/json"
          aria-label="Saved table file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <label className="flex flex-col text-sm">
          Time it stands for (optional)
          <input
            className="rounded border px-2 py-1 font-mono"
            placeholder="2026-10-06T10:00:00Z"
            value={takenAt}
            onChange={(e) => setTakenAt(e.target.value)}
          />
        </label>
      </div>
      <GuardedAction<Imported>
        key={file ? `${file.name}:${file.lastModified}` : 'none'}
        testId="import-action"
        title="Import it into the history"
        target={
          <>
            memdash&apos;s history of ConfigMap{' '}
            <span className="font-mono">
              {namespace}/{table}
            </span>
            {file && <>, from {file.name}</>}
          </>
        }
        commandsTitle="The same from a terminal"
        commands={[
          `node scripts/import-table.ts --url "$MEMDASH_URL" --token-file prd-write.token${takenAt ? ` --at ${shellQuote(takenAt)}` : ''} ${file ? shellQuote(file.name) : 'memory-requests-<date>.json'}`,
        ]}
        checks={[tablePatchCheck(namespace, table)]}
        buttonLabel="Import"
        unavailable={file ? null : 'Choose a saved file first'}
        run={async (credential) =>
          postWrite<Imported>(
            clusterHref(cluster, '/api/history/imports'),
            { fileName: file!.name, content: await file!.text(), takenAt: takenAt || undefined },
            credential,
          )
        }
        onDone={() => router.refresh()}
        result={(done) => (
          <span data-testid="import-message">
            {done.created ? 'Imported' : 'Already imported'}: {countOf(done.rows, 'row')}, dated <Time at={done.takenAt} /> (version{' '}
            {done.versionId}).
          </span>
        )}
      />
    </Card>
  );
}
