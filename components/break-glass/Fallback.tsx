import { CommandLines } from '@/components/write/CommandLines';
import type { BreakGlassView } from '@/lib/views/break-glass-types';

/** When memdash cannot reach the API server, or the token is the broken thing: the same on a control-plane node. */
export function Fallback({ fallback }: { fallback: BreakGlassView['fallback'] }) {
  return (
    <details className="rounded border border-zinc-200 bg-white p-3" data-testid="fallback">
      <summary className="cursor-pointer font-semibold">
        When the API server or the token is the broken thing: on a control-plane node
      </summary>
      <p className="my-2 text-zinc-700">
        Any one node will do; by IP if DNS is down too. Scale first, every time; the third line brings Kyverno back.
      </p>
      <div className="space-y-2">
        {fallback.map((f) => (
          <CommandLines key={f.node} commands={f.commands} title={f.node} />
        ))}
      </div>
    </details>
  );
}
