import type { ComponentPropsWithoutRef } from 'react';

/**
 * The elements a card is: a part of a page (the default), a box in a list or a chart, a definition list, a disclosure,
 * a line that stands on its own.
 */
type CardTag = 'section' | 'div' | 'dl' | 'details' | 'figure' | 'li' | 'p';

/** A white bordered box around one part of a page; `compact`, a tighter one (a box among many, a disclosure). */
export function Card<T extends CardTag = 'section'>({
  as,
  compact = false,
  className = '',
  ...rest
}: { as?: T; compact?: boolean } & ComponentPropsWithoutRef<T>) {
  // typed as a section: the tags' props differ only in the element their handlers are given
  const Tag = (as ?? 'section') as 'section';
  const props = rest as ComponentPropsWithoutRef<'section'>;
  return <Tag className={`rounded border border-zinc-200 bg-white ${compact ? 'p-2' : 'p-3'} ${className}`} {...props} />;
}
