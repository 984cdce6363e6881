import type { AuditFinding } from '@/lib/domain';
import type { Part } from '@/lib/views/webhook-health-types';
import { Tag } from '@/components/ui/Tag';
import { Panel } from './Panel';

/** Fail webhooks (any product's) that cover the namespaces the cluster repairs itself from. */
export function AuditPanel({ part, guarded }: { part: Part<AuditFinding[]> | undefined; guarded: string }) {
  return (
    <Panel title="Fail-closed audit" part={part} id="fail-closed-audit">
      {(findings) => (
        <div className="space-y-2">
          <p className="text-zinc-600">
            Fail webhooks whose selectors cover {guarded}. These are risks, not faults: nothing is refused while their backend answers. If
            it goes down, the pods that would repair it (in those namespaces) are refused too — &quot;blocks repair&quot; — and a bootstrap
            deadlock means the backend cannot come back on its own.
          </p>
          {findings.length === 0 && <p>None.</p>}
          <ul className="space-y-1">
            {findings.map((f) => (
              <li
                key={`${f.registration}/${f.entry}`}
                data-testid="audit-finding"
                data-registration={f.registration}
                data-severity={f.severity}
              >
                <Tag tone={f.severity === 'deadlock' ? 'bad' : 'plain'}>
                  {f.severity === 'deadlock' ? 'bootstrap-deadlock risk' : 'blocks repair'}
                </Tag>{' '}
                <span className="font-mono">{f.registration}</span> / <span className="font-mono">{f.entry}</span> covers{' '}
                {f.namespaces.join(', ')}
                {f.objectSelector && <span className="text-zinc-600"> (only objects matching {f.objectSelector})</span>}: {f.explanation}.
              </li>
            ))}
          </ul>
        </div>
      )}
    </Panel>
  );
}
