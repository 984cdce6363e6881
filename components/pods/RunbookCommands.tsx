import { CopyButton } from '@/components/ui/CopyButton';
import type { RunbookCommand } from './runbook-commands';

/** The runbook's commands for this pod, each with a copy button, to check memdash by hand. */
export function RunbookCommands({ commands }: { commands: RunbookCommand[] }) {
  return (
    <section data-testid="runbook-commands">
      <h2 className="mb-1 text-base font-semibold">The same, by hand</h2>
      <p className="mb-2 text-zinc-600">The runbook's "Which request a pod got, and why", filled in for this pod. Reads only.</p>
      <ul className="space-y-2">
        {commands.map((c) => (
          <li key={c.title}>
            <div className="mb-0.5 flex items-center justify-between gap-2">
              <span className="text-zinc-700">{c.title}</span>
              <CopyButton text={c.command} />
            </div>
            <pre tabIndex={0} className="overflow-x-auto rounded bg-(--code-bg) p-2 font-mono text-xs text-(--code-fg)" data-command>
              {c.command}
            </pre>
          </li>
        ))}
      </ul>
    </section>
  );
}
