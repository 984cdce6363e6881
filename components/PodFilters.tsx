import { VERDICT_CODES, VERDICT_WORDS, type VerdictCode } from '@/lib/domain';

const selectClass = 'rounded border border-zinc-300 bg-white px-2 py-1';

/** Namespace, name and verdict filters as a plain GET form, so every filtered list is a link that can be pasted. */
export function PodFilters({
  namespaces,
  namespace,
  name,
  verdict,
}: {
  namespaces: string[];
  namespace?: string;
  name?: string;
  verdict?: VerdictCode | 'differs';
}) {
  return (
    <form method="get" action="/pods" className="flex flex-wrap items-end gap-3" data-testid="pod-filters">
      <label className="flex flex-col">
        <span className="text-zinc-600">Namespace</span>
        <select name="namespace" defaultValue={namespace ?? ''} className={selectClass}>
          <option value="">all namespaces</option>
          {namespaces.map((ns) => (
            <option key={ns} value={ns}>
              {ns}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col">
        <span className="text-zinc-600">Pod or workload name contains</span>
        <input
          name="name"
          defaultValue={name ?? ''}
          placeholder="web"
          className="w-56 rounded border border-zinc-300 bg-white px-2 py-1 font-mono sm:w-64"
          autoComplete="off"
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
          defaultValue={verdict ?? ''}
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
      <button type="submit" className="rounded border border-zinc-400 bg-white px-3 py-1 hover:bg-zinc-100">
        Filter
      </button>
    </form>
  );
}
