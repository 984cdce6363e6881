// How /table's rows travel to the browser (GET /api/table). A production table's rows as objects
// ({"key":…,"value":…}) are far more JSON than their text, which the browser takes long to parse (bench/pages.ts:
// docs/benchmarks.md). Well-formed rows go as one string instead, a line per row:
// a key of Kubernetes names and a value of digits and "Mi" hold no space and no line break (lib/domain/table.ts
// checks both). Malformed rows, which may hold anything, stay objects.

/** A row as the page sends it: its parts and size are worked out in the browser, not sent 8,000 times over. */
export interface TableRowSent {
  key: string;
  value: string;
  /** Why Kyverno cannot use it; only on a malformed row. */
  problem?: string;
}

/** Well-formed rows as "key value" lines. */
export function packRows(rows: ReadonlyArray<{ key: string; value: string }>): string {
  return rows.map((r) => `${r.key} ${r.value}`).join('\n');
}

/** The rows packRows packed. */
export function unpackRows(packed: string): TableRowSent[] {
  if (packed === '') return [];
  return packed.split('\n').map((line) => {
    const space = line.indexOf(' ');
    return { key: line.slice(0, space), value: line.slice(space + 1) };
  });
}

/** GET /api/table's answer: every row of today's table, for /table's list once its page runs. */
export interface TableRowsAnswer {
  /** Well-formed rows, packed. */
  packed: string;
  malformed: TableRowSent[];
}

/** Every row an answer carries, malformed ones last. */
export function rowsOfAnswer({ packed, malformed }: TableRowsAnswer): TableRowSent[] {
  return [...unpackRows(packed), ...malformed];
}
