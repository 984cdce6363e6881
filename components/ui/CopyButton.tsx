'use client';

import { useState } from 'react';
import { Button } from './Button';

/** Copies a text to the clipboard and says so; falls back to a selection copy where the Clipboard API is absent. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  async function copy() {
    try {
      await writeClipboard(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2000);
  }
  return (
    <Button
      look="small"
      type="button"
      onClick={copy}
      className="min-h-6 min-w-6 shrink-0 touch:min-h-11 touch:min-w-11"
      aria-label={`${label}: ${text.slice(0, 60)}`}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : label}
    </Button>
  );
}

// The Clipboard API needs a secure context; memdash may be served over plain http inside the cluster network.
async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard && window.isSecureContext) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy refused');
}
