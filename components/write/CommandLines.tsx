import { CopyButton } from '@/components/ui/CopyButton';

/** The kubectl commands an action stands for, as the runbook writes them (with $KC), copyable together. */
export function CommandLines({ commands, title = 'The same with kubectl' }: { commands: readonly string[]; title?: string }) {
  const text = commands.join('\n');
  return (
    <div data-testid="kubectl-commands">
      <div className="mb-0.5 flex items-center justify-between gap-2">
        <span className="text-zinc-700">{title}</span>
        <CopyButton text={text} />
      </div>
      <pre tabIndex={0} className="overflow-x-auto rounded bg-(--code-bg) p-2 font-mono text-xs text-(--code-fg)" data-command>
        {text}
      </pre>
    </div>
  );
}
