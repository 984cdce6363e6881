import type { ComponentPropsWithoutRef } from 'react';

/** The elements a red text is: a word or a sentence in a line, a paragraph, a title. */
type ErrorTextTag = 'span' | 'strong' | 'p' | 'h1' | 'h2';

/**
 * Red text that says what failed or what is wrong. `deep`, a shade darker: a title or a message inside a red box (it
 * keeps its contrast on the box's red), and a failure's own words set in monospace.
 */
export function ErrorText({
  as: Tag = 'span',
  deep = false,
  className = '',
  ...rest
}: { as?: ErrorTextTag; deep?: boolean } & ComponentPropsWithoutRef<'span'>) {
  return <Tag className={`${deep ? 'text-red-900' : 'text-red-800'} ${className}`} {...rest} />;
}
