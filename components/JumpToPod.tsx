'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import type { PodSummary } from '@/lib/views/pods-types';
import { fetchJson, queryKeys } from '@/lib/query';
import { jumpTargets, parseJumpQuery, type JumpTarget } from './jump-targets';

/** Ctrl/Cmd-K from any page: type part of a pod or workload name (or `namespace/name`), Enter to go there. */
export function JumpToPod() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const query = useDebounced(parseJumpQuery(text), 150);
  const [selected, setSelected] = useState(0);
  const router = useRouter();

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        // showModal on an open dialog throws; a second Ctrl-K just keeps it open
        if (!dialog.current?.open) dialog.current?.showModal();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const { data, error, isFetching } = useQuery({
    queryKey: queryKeys.pods.search(query.namespace, query.name),
    queryFn: ({ signal }) => fetchJson<{ pods: PodSummary[] }>(searchUrl(query), signal),
    enabled: query.name.length >= 2 || query.namespace !== '',
  });
  const targets = data ? jumpTargets(data.pods) : [];

  function go(target: JumpTarget | undefined) {
    if (!target) return;
    dialog.current?.close();
    setText('');
    router.push(target.href);
  }

  function onInputKey(event: React.KeyboardEvent) {
    if (event.key === 'ArrowDown') setSelected((i) => Math.min(i + 1, targets.length - 1));
    else if (event.key === 'ArrowUp') setSelected((i) => Math.max(i - 1, 0));
    else if (event.key === 'Enter') go(targets[selected]);
    else return;
    event.preventDefault();
  }

  return (
    <>
      <button
        type="button"
        onClick={() => dialog.current?.showModal()}
        className="rounded border border-zinc-300 px-2 py-0.5 text-zinc-600 hover:bg-zinc-100"
      >
        Jump to pod or workload <kbd className="font-mono text-xs">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        className="mx-auto mt-24 w-[36rem] rounded border border-zinc-300 p-0 shadow-xl backdrop:bg-black/30"
        data-testid="jump"
      >
        <input
          autoFocus
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setSelected(0);
          }}
          onKeyDown={onInputKey}
          placeholder="pod or workload name, or namespace/name"
          aria-label="Pod or workload name"
          className="w-full border-b border-zinc-200 px-3 py-2 font-mono outline-none"
        />
        <ul className="max-h-96 overflow-y-auto py-1" role="listbox">
          {error && <li className="px-3 py-1 text-red-800">{error.message}</li>}
          {!error && isFetching && targets.length === 0 && <li className="px-3 py-1 text-zinc-500">searching…</li>}
          {!error && data && targets.length === 0 && <li className="px-3 py-1 text-zinc-500">no pod or workload matches</li>}
          {targets.map((t, i) => (
            <li key={t.href} role="option" aria-selected={i === selected}>
              <button
                type="button"
                onClick={() => go(t)}
                onMouseEnter={() => setSelected(i)}
                className={`flex w-full justify-between px-3 py-1 text-left font-mono ${i === selected ? 'bg-blue-100' : ''}`}
              >
                <span>{t.label}</span>
                <span className="text-xs text-zinc-500">{t.kind}</span>
              </button>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  );
}

function searchUrl(query: { namespace: string; name: string }): string {
  const params = new URLSearchParams({ limit: '20' });
  if (query.namespace) params.set('namespace', query.namespace);
  if (query.name) params.set('name', query.name);
  return `/api/pods?${params}`;
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
    // The key, not the object, decides whether the value changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return debounced;
}
