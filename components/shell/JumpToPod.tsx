'use client';

import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import type { SearchAnswer } from '@/lib/views/search-types';
import { fetchJson, queryKeys } from '@/lib/client/query';
import { jumpTargets, pageTargets, parseJumpQuery, type JumpTarget } from './jump-targets';
import { ErrorText } from '@/components/ui/ErrorText';
import { searchEveryClusterUrl, type NavigationPage } from '@/lib/routes';
import { useClusterName } from './ClusterName';

/**
 * Ctrl/Cmd-K from any page: type part of a pod or workload name (or `namespace/name`, or a page), Enter to go there.
 * `pages`: those the asker may open, as the header's navigation offers them.
 */
export function JumpToPod({ pages }: { pages: readonly NavigationPage[] }) {
  const cluster = useClusterName();
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [text, setText] = useState('');
  const query = useDebounced(parseJumpQuery(text), 150);
  const [selected, setSelected] = useState(0);
  const router = useRouter();
  const listId = useId();
  const optionId = (i: number) => `${listId}-option-${i}`;

  // Reopened, the last text is selected: typing replaces it, an arrow key keeps it. Opened with Ctrl-K from nowhere,
  // the button that opens it takes focus first, so that closing (Esc) gives focus back to it, not to the page.
  function open() {
    if (!document.activeElement || document.activeElement === document.body) opener.current?.focus();
    // showModal on an open dialog throws; a second Ctrl-K just keeps it open
    if (!dialog.current?.open) dialog.current?.showModal();
    input.current?.select();
  }

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // every cluster the asker reads is searched; this page's cluster's pods and workloads come first
  const { data, error, isFetching } = useQuery({
    queryKey: queryKeys.search(query.namespace, query.name),
    queryFn: ({ signal }) => fetchJson<SearchAnswer>(searchEveryClusterUrl({ ...query, limit: 20 }), signal),
    enabled: query.name.length >= 2 || query.namespace !== '',
  });
  const targets = [...pageTargets(cluster, text, pages), ...(data ? jumpTargets(cluster, data.pods) : [])];
  // with one cluster every result is in it: its name would only repeat the header's
  const namesClusters = (data?.clusters.length ?? 0) > 1;
  const notSearched = data?.clusters.flatMap((c) => ('error' in c ? [`${c.cluster} (${c.error.message})`] : [])) ?? [];

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
        ref={opener}
        onClick={open}
        className="rounded border border-zinc-300 px-2 py-0.5 text-zinc-700 hover:bg-zinc-100"
      >
        Jump to pod or workload <kbd className="font-mono text-xs">Ctrl K</kbd>
      </button>
      <dialog
        ref={dialog}
        aria-label="Jump to a pod or workload"
        className="mx-auto mt-24 w-[min(36rem,calc(100vw-2rem))] rounded border border-zinc-300 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/30"
        data-testid="jump"
      >
        <input
          ref={input}
          autoFocus
          role="combobox"
          aria-expanded={targets.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={targets[selected] ? optionId(selected) : undefined}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setSelected(0);
          }}
          onKeyDown={onInputKey}
          placeholder="pod or workload name, namespace/name, or a page"
          aria-label="Pod or workload name"
          className="w-full border-b border-zinc-200 bg-white px-3 py-2 font-mono outline-none"
        />
        <p className="px-3 text-zinc-600 empty:hidden" role="status">
          {error ? (
            <ErrorText>{error.message}</ErrorText>
          ) : isFetching && targets.length === 0 ? (
            'searching…'
          ) : data && targets.length === 0 ? (
            'no pod or workload matches'
          ) : (
            ''
          )}
        </p>
        {notSearched.length > 0 && (
          <p className="px-3 text-sm" data-testid="jump-not-searched">
            <ErrorText>Not searched: {notSearched.join('; ')}</ErrorText>
          </p>
        )}
        {/* The options are not buttons: focus stays in the input, which names the highlighted one (aria-activedescendant). */}
        <ul id={listId} className="max-h-96 overflow-y-auto py-1" role="listbox" aria-label="Pods and workloads found">
          {targets.map((t, i) => (
            <li
              key={t.href}
              id={optionId(i)}
              role="option"
              aria-selected={i === selected}
              onClick={() => go(t)}
              onMouseEnter={() => setSelected(i)}
              className={`flex cursor-pointer justify-between px-3 py-1 font-mono ${i === selected ? 'bg-blue-100' : ''}`}
            >
              <span>{t.label}</span>
              <span className="text-xs text-zinc-600">
                {t.kind}
                {namesClusters && t.cluster ? <span data-cluster={t.cluster}>{` · ${t.cluster}`}</span> : null}
              </span>
            </li>
          ))}
        </ul>
      </dialog>
    </>
  );
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
