'use client';

import { useLayoutEffect, useRef, type ComponentProps } from 'react';

/**
 * A log as a scrollable block that opens at its newest line, as `kubectl logs` ends, and follows new lines while the
 * reader is at the bottom; scrolled up to read, it stays where the reader is.
 */
export function LogTail({ text, ...rest }: { text: string } & Omit<ComponentProps<'pre'>, 'children'>) {
  const block = useRef<HTMLPreElement>(null);
  const atBottom = useRef(true);
  useLayoutEffect(() => {
    const el = block.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [text]);
  return (
    <pre
      ref={block}
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
      }}
      {...rest}
    >
      {text}
    </pre>
  );
}
