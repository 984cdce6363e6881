import type { ComponentProps } from 'react';
import { TAG_TONE, type Tone } from './tone';

/** A small coloured label: a verdict, a state, a yes/no. */
export function Tag({ tone, className = 'text-xs', ...rest }: { tone: Tone } & ComponentProps<'span'>) {
  return <span className={`inline-block rounded border px-1.5 py-0.5 ${TAG_TONE[tone]} ${className}`} {...rest} />;
}
