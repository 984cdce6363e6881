'use client';

import { useEffect } from 'react';
import { CommandLines } from '@/components/write/CommandLines';
import { CONTROL_PLANE_FALLBACK_PATH } from '@/lib/routes';
import type { BreakGlassView } from '@/lib/views/break-glass-types';
import { Card } from '@/components/ui/Card';

const FRAGMENT = CONTROL_PLANE_FALLBACK_PATH.slice(CONTROL_PLANE_FALLBACK_PATH.indexOf('#'));

/**
 * When memdash cannot reach the API server, or the token is the broken thing: the same on a control-plane node.
 * Restoring and bringing back are separate blocks with their own Copy: pasted together, Kyverno would come back a
 * second after the delete and a crash-looping replica would register the webhooks again.
 */
export function Fallback({ fallback }: { fallback: BreakGlassView['fallback'] }) {
  // The header's "pod creation: unknown" links here: arriving by it, the commands are open.
  useEffect(() => {
    const details = document.getElementById(FRAGMENT.slice(1));
    if (details instanceof HTMLDetailsElement && window.location.hash === FRAGMENT) details.open = true;
  }, []);
  return (
    <Card as="details" id={FRAGMENT.slice(1)} data-testid="fallback">
      <summary className="cursor-pointer font-semibold">
        When the API server or the token is the broken thing: on a control-plane node
      </summary>
      <p className="my-2 text-zinc-700">
        Any one node will do; by IP if DNS is down too. Scale first, every time; when the wait times out on a pod stuck in Terminating, the
        delete still runs.
      </p>
      <div className="space-y-4">
        {fallback.map((f) => (
          <section key={f.node} className="space-y-2" data-testid="fallback-node" aria-label={`On ${f.node}`}>
            <h3 className="font-semibold">On {f.node}</h3>
            <div data-testid="fallback-restore">
              <CommandLines commands={f.restore} title="1. Restore pod creation" />
            </div>
            <div data-testid="fallback-bring-back">
              <p className="mb-1 rounded border border-amber-300 bg-amber-50 p-2 text-amber-900" role="note">
                Only once the fix is in (the policy synced, or the cause of the crash gone): a replica that starts registers the webhooks
                again, and pod creation is refused again if it still fails.
              </p>
              <CommandLines commands={f.bringBack} title="2. Bring Kyverno back" />
            </div>
          </section>
        ))}
      </div>
    </Card>
  );
}
