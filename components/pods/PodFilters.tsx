'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, useTransition } from 'react';
import { NAME_FRAGMENT, VERDICT_CODES, VERDICT_WORDS, type VerdictCode } from '@/lib/domain';
import { podsHref } from '@/lib/routes';
import { NamespaceSelect } from '@/components/ui/NamespaceSelect';
import { ErrorText } from '@/components/ui/ErrorText';
import { Button } from '@/components/ui/Button';
import { useClusterName } from '@/components/shell/ClusterName';

const selectClass = 'rounded border border-zinc-300 bg-white px-2 py-1';

// Typing waits this long after the last key before the list is asked again: one request per word, not per letter.
const TYPING_PAUSE_MS = 300;

interface Filter {
  namespace: string;
  name: string;
  verdict: string;
}

/** The filter as the URL holds it (the server lowercases the name), to tell the page's own changes from others. */
const asSent = (f: Filter) => `${f.namespace}\n${f.name.trim().toLowerCase()}\n${f.verdict}`;

/**
 * Namespace, name and verdict filters that apply as they are chosen (the name once typing pauses), each change
 * replacing the URL, so every filtered list is a link that can be pasted. Without JavaScript it is a plain GET form.
 */
export function PodFilters({
  namespaces,
  order,
  ...initial
}: {
  namespaces: string[];
  /** The list's order (?sort=&direction=), kept as the filters change. */
  order: { sort?: string; direction?: string };
  namespace?: string;
  name?: string;
  verdict?: VerdictCode | 'differs';
}) {
  const cluster = useClusterName();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const fromUrl: Filter = { namespace: initial.namespace ?? '', name: initial.name ?? '', verdict: initial.verdict ?? '' };
  const [filter, setFilter] = useState(fromUrl);
  const [sent, setSent] = useState(asSent(fromUrl));
  // A change of the URL from elsewhere (a link, the back button) shows in the fields; the page's own comes back as sent.
  const [seen, setSeen] = useState(asSent(fromUrl));
  if (asSent(fromUrl) !== seen) {
    setSeen(asSent(fromUrl));
    if (asSent(fromUrl) !== sent) setFilter(fromUrl);
  }
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(typing.current), []);
  // The app's router, asked for a second /pods soon after the first, can change the URL and keep the old list (Next
  // 16): when a navigation ends on another filter than the one sent, the page is loaded whole instead.
  const sentHref = useRef('');
  const landed = asSent(fromUrl) === sent;
  useEffect(() => {
    if (!pending && !landed && sentHref.current) window.location.replace(sentHref.current);
  }, [pending, landed]);
  const nameOk = NAME_FRAGMENT.test(filter.name.trim().toLowerCase());

  function apply(next: Filter) {
    clearTimeout(typing.current);
    // a name no pod can hold asks nothing: the field says why, and the list stays as it is
    if (!NAME_FRAGMENT.test(next.name.trim().toLowerCase())) return;
    setSent(asSent(next));
    // a new filter starts from the first page of pods again
    const href = podsHref(cluster, { namespace: next.namespace, name: next.name.trim(), verdict: next.verdict, ...order });
    sentHref.current = href;
    startTransition(() => router.replace(href, { scroll: false }));
  }
  function choose(change: Partial<Filter>, wait = false) {
    const next = { ...filter, ...change };
    setFilter(next);
    if (!wait) return apply(next);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => apply(next), TYPING_PAUSE_MS);
  }

  return (
    <form
      method="get"
      action={podsHref(cluster, {})}
      className="flex flex-wrap items-end gap-3"
      data-testid="pod-filters"
      onSubmit={(e) => {
        e.preventDefault();
        apply(filter);
      }}
    >
      <label className="flex flex-col">
        <span className="text-zinc-600">Namespace</span>
        <NamespaceSelect
          namespaces={namespaces}
          name="namespace"
          value={filter.namespace}
          onChange={(e) => choose({ namespace: e.target.value })}
        />
      </label>
      <label className="flex flex-col">
        <span className="text-zinc-600">Pod or workload name contains</span>
        <input
          name="name"
          value={filter.name}
          onChange={(e) => choose({ name: e.target.value }, true)}
          placeholder="web"
          className="w-56 rounded border border-zinc-300 bg-white px-2 py-1 font-mono sm:w-64"
          autoComplete="off"
          aria-invalid={!nameOk}
          aria-describedby={nameOk ? undefined : 'name-filter-problem'}
        />
      </label>
      {/* the label holds only its text: wrapped around the select it would also "say" every option's words */}
      <div className="flex max-w-full min-w-0 flex-col">
        <label htmlFor="verdict-filter" className="text-zinc-600">
          A container&apos;s verdict
        </label>
        <select
          id="verdict-filter"
          name="verdict"
          value={filter.verdict}
          onChange={(e) => choose({ verdict: e.target.value })}
          className={`${selectClass} w-full max-w-full sm:w-auto`}
          data-testid="verdict-filter"
        >
          <option value="">any verdict</option>
          <option value="differs">not what the table says (stale, no table, registration absent, unexplained)</option>
          {VERDICT_CODES.map((code) => (
            <option key={code} value={code}>
              {code}: {VERDICT_WORDS[code]}
            </option>
          ))}
        </select>
      </div>
      {order.sort && <input type="hidden" name="sort" value={order.sort} />}
      {order.direction && <input type="hidden" name="direction" value={order.direction} />}
      <noscript>
        <Button look="white" type="submit">
          Filter
        </Button>
      </noscript>
      <p className="w-full text-zinc-600" role="status" data-testid="filter-state">
        {!nameOk ? (
          <ErrorText id="name-filter-problem">
            A name holds only lower-case letters, digits, &ldquo;-&rdquo; and &ldquo;.&rdquo;: the list is left as it was.
          </ErrorText>
        ) : pending ? (
          'Filtering…'
        ) : null}
      </p>
    </form>
  );
}
