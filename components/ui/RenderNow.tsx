'use client';

import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

// Ages ("12s ago", "past: 20m ago") depend on the clock. A page rendered on the server and hydrated a moment later
// would disagree on them, and React then throws the server's HTML away and renders the page again. So while the page
// hydrates every age is taken against one agreed time (when its data was read); right after, against the clock.

const RenderNow = createContext<Date | null>(null);

const noChanges = () => () => {};

/** False while the server renders and while the browser hydrates its HTML; true from the render after. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/** Ages below are taken against `agreed` until hydration is over, then against the clock at each render. */
export function RenderNowProvider({ agreed, children }: { agreed: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return <RenderNow value={hydrated ? null : new Date(agreed)}>{children}</RenderNow>;
}

/** The time to show ages against: the agreed time while hydrating, else now. */
export function useRenderNow(): Date {
  return useContext(RenderNow) ?? new Date();
}
