'use client';

import { useState } from 'react';
import { stepActionTitle } from '@/lib/domain';

export interface Done {
  action: string;
  text: string;
  seq: number;
}

/** The answer of the last step pressed in this tab: the button it came from moves on to the next step. */
export function useLastResult() {
  const [last, setLast] = useState<Done | null>(null);
  const remember = (action: string, text: string) => setLast((l) => ({ action, text, seq: (l?.seq ?? 0) + 1 }));
  return { last, remember };
}

export function LastResult({ last }: { last: Done | null }) {
  if (!last) return null;
  return (
    <p
      className="rounded border border-green-300 bg-green-50 p-2 text-sm"
      data-testid="last-result"
      data-action={last.action}
      data-seq={last.seq}
    >
      Last step done here: <strong>{stepActionTitle(last.action)}</strong> — {last.text}
    </p>
  );
}
