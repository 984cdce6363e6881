import type { ComponentProps } from 'react';

// One look for every table: full width, white, small text, a rule under each row, the same padding in every cell.

/** A table in a box of its own width: on a phone a wide table scrolls inside it (by keyboard too), not the page. */
export function Table({ className = '', ...rest }: ComponentProps<'table'>) {
  return (
    <div className="max-w-full overflow-x-auto" tabIndex={0} data-scrolls>
      <table className={`w-full border-collapse bg-white text-sm ${className}`} {...rest} />
    </div>
  );
}

/** The header row. */
export function HeadRow({ className = '', ...rest }: ComponentProps<'tr'>) {
  return <tr className={`border-b text-left ${className}`} {...rest} />;
}

export function Row({ className = '', ...rest }: ComponentProps<'tr'>) {
  return <tr className={`border-b ${className}`} {...rest} />;
}

export function Th({ className = '', ...rest }: ComponentProps<'th'>) {
  return <th className={`p-1 ${className}`} {...rest} />;
}

export function Td({ className = '', ...rest }: ComponentProps<'td'>) {
  return <td className={`p-1 ${className}`} {...rest} />;
}
