import type { TableVersion } from '../table-history';

/** A version the recorder saw at `at` (in force and seen then); by default one row of `${id}Mi`. */
export const version = (id: number, at: string, data: Record<string, string> | null = { a_b_c: `${id}Mi` }): TableVersion => ({
  id,
  inForceFrom: at,
  seenAt: at,
  data,
  source: 'watch',
  label: null,
});
