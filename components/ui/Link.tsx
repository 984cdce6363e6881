import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * Next's Link, fetching its page only when it is followed. Every memdash page is rendered on demand from the cluster:
 * by default each link in view asks the server for its page ahead of time, so one look at /pods asked for dozens of
 * pages (the whole table among them) that were seldom opened, and a team in an incident multiplies that. Following
 * a link still navigates inside the app, without reloading it.
 */
export function Link({ prefetch = false, ...rest }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...rest} />;
}
