// The diff's answer body, JSON {from, to, added, gone, changed, unchanged} or CSV, from two stored tables' text.
// Run in the diff worker under Next, and in-process where no worker can be loaded (diff-in-worker.ts says when).
import { diffTables, diffToCsv, filterDiff, type TableData } from '@/lib/domain';
import type { DiffJob } from './diff-job';

export function diffBody(job: DiffJob): Uint8Array {
  const diff = filterDiff(diffTables(parse(job.fromText), parse(job.toText)), job.filter);
  const text = job.format === 'csv' ? diffToCsv(diff) : JSON.stringify({ from: job.from, to: job.to, ...diff });
  return new TextEncoder().encode(text);
}

function parse(text: string | null): TableData {
  return text === null ? null : (JSON.parse(text) as TableData);
}
