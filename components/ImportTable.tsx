'use client';

import { showTime, countOf } from '@/lib/domain';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Card } from '@/components/ui/Card';

/** Uploads a saved table (memory-requests-<date>.json) to the history as a snapshot dated by its name or a time. */
export function ImportTable() {
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [takenAt, setTakenAt] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function upload() {
    if (!file) return;
    const response = await fetch('/api/history/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fileName: file.name, content: await file.text(), takenAt: takenAt || undefined }),
    });
    const body = (await response.json().catch(() => null)) as {
      error?: { message: string };
      rows?: number;
      takenAt?: string;
      created?: boolean;
    } | null;
    if (!response.ok) setMessage({ ok: false, text: body?.error?.message ?? `HTTP ${response.status}` });
    else {
      setMessage({
        ok: true,
        text: `${body?.created ? 'Imported' : 'Already imported'}: ${countOf(body?.rows ?? 0, 'row')}, dated ${showTime(body?.takenAt)}.`,
      });
      router.refresh();
    }
  }

  return (
    <Card data-testid="import-table">
      <h2 className="font-semibold">Import a saved table</h2>
      <p className="text-sm text-zinc-600">
        The file the runbook saves: <code>kubectl get configmap memory-requests -o json &gt; memory-requests-&lt;date&gt;.json</code>. It is
        dated by the date in its name, unless you give a time.
      </p>
      <div className="mt-2 flex flex-wrap items-end gap-3">
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
        <button type="button" className="rounded border bg-zinc-100 px-3 py-1" disabled={!file} onClick={upload}>
          Import
        </button>
      </div>
      {message && (
        <p className={`mt-2 ${message.ok ? 'text-green-800' : 'text-red-800'}`} data-testid="import-message">
          {message.text}
        </p>
      )}
    </Card>
  );
}
