import type { ComponentProps } from 'react';

/** A red box for something that failed: a page's read (roomy) or one panel's (compact). */
export function ErrorBox({ compact = false, className = '', ...rest }: { compact?: boolean } & ComponentProps<'section'>) {
  return <section className={`rounded border border-red-300 bg-red-50 ${compact ? 'p-2' : 'p-4'} ${className}`} {...rest} />;
}
