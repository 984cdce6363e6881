import { formatCapacity, formatMemory, formatCount } from '@/lib/domain';

/**
 * A memory quantity in the table's unit, the exact bytes on hover; "none" when the container has none. `capacity`: a
 * node's or a quota's, in Gi or Ti once it is that large (formatCapacity).
 */
export function Memory({ bytes, capacity = false }: { bytes: number | null; capacity?: boolean }) {
  if (bytes === null) return <span className="text-zinc-500">none</span>;
  return (
    <span className="font-mono" title={`${formatCount(bytes)} bytes`}>
      {capacity ? formatCapacity(bytes) : formatMemory(bytes)}
    </span>
  );
}
