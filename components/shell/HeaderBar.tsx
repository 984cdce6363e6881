'use client';

import { useState, type ReactNode } from 'react';
import { usePathname } from 'next/navigation';

/**
 * The header's one row on a phone: memdash, whether pods can be created (`pill`, never folded away), and a Menu
 * button that opens the rest (`children`: the pages and the tools) below it. From md up, all of it stands in the row.
 * The menu closes on the next page: it is open only on the path it was opened on.
 */
export function HeaderBar({ home, pill, children }: { home: ReactNode; pill: ReactNode; children: ReactNode }) {
  const path = usePathname();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === path;
  return (
    <div
      className="flex flex-wrap items-center gap-x-2 gap-y-1 md:gap-x-4"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) setOpenOn(null);
      }}
    >
      {home}
      {/* small on a phone: the refusing state's words then take two lines beside the Menu, not three under it */}
      <div className="min-w-0 flex-1 text-xs leading-tight md:flex-none md:text-base md:leading-normal" data-testid="header-pill">
        {pill}
      </div>
      <button
        type="button"
        className="min-h-11 rounded border border-zinc-300 px-3 text-zinc-800 hover:bg-zinc-100 md:hidden"
        aria-expanded={open}
        aria-controls="header-menu"
        data-testid="header-menu-button"
        onClick={() => setOpenOn(open ? null : path)}
      >
        {open ? 'Close' : 'Menu'}
      </button>
      <div
        id="header-menu"
        className={`${open ? 'flex' : 'hidden'} w-full flex-col gap-3 pb-2 md:flex md:w-auto md:flex-1 md:flex-row md:flex-wrap md:items-center md:gap-x-4 md:gap-y-1 md:pb-0`}
      >
        {children}
      </div>
    </div>
  );
}
