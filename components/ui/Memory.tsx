import { formatMemory, formatCount } from '@/lib/domain';

/** A memory quantity in the table's unit, the exact bytes on hover; "none" when the container has none. */
export function Memory({ bytes }: { bytes: number | null }) {
  if (bytes === null) return <span className="text-zinc-500">none</span>;
  return (
    <span className="font-mono" title={`${formatCount(bytes)} bytes`}>
      {formatMemory(bytes)}
    </span>
  );
}
