/** Namespace and name filters as a plain GET form, so every filtered list is a link that can be pasted. */
export function PodFilters({ namespaces, namespace, name }: { namespaces: string[]; namespace?: string; name?: string }) {
  return (
    <form method="get" action="/pods" className="flex flex-wrap items-end gap-3" data-testid="pod-filters">
      <label className="flex flex-col">
        <span className="text-zinc-600">Namespace</span>
        <select name="namespace" defaultValue={namespace ?? ''} className="rounded border border-zinc-300 bg-white px-2 py-1">
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
          className="w-64 rounded border border-zinc-300 bg-white px-2 py-1 font-mono"
          autoComplete="off"
        />
      </label>
      <button type="submit" className="rounded border border-zinc-400 bg-white px-3 py-1 hover:bg-zinc-100">
        Filter
      </button>
    </form>
  );
}
