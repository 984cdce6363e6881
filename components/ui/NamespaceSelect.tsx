import type { ComponentProps } from 'react';

/** A list's namespace filter: "all namespaces" (the empty value), then each namespace. Its label is the caller's. */
export function NamespaceSelect({
  namespaces,
  className = '',
  ...rest
}: { namespaces: readonly string[]; value: string } & Omit<ComponentProps<'select'>, 'children' | 'value'>) {
  return (
    <select className={`rounded border border-zinc-300 bg-white px-2 py-1 ${className}`} {...rest}>
      <option value="">all namespaces</option>
      {namespaces.map((ns) => (
        <option key={ns} value={ns}>
          {ns}
        </option>
      ))}
    </select>
  );
}
