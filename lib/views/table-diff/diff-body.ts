// The diff's answer body, JSON {from, to, added, gone, changed, unchanged} or CSV, from two stored tables' text.
// Run in the diff worker for large tables under Next, and in-process otherwise (diff-body-of.ts says when).
import { diffCounts, diffTables, diffToCsv, filterDiff, pageOfDiff, type TableData, type TableDiff } from '@/lib/domain';
import type { DiffJob, DiffPageBody } from './diff-job';

export function diffBody(job: DiffJob): Uint8Array {
  const whole = diffTables(parse(job.fromText), parse(job.toText));
  const diff = filterDiff(whole, job.filter);
  return new TextEncoder().encode(bodyText(job, whole, diff));
}

function bodyText(job: DiffJob, whole: TableDiff, diff: TableDiff): string {
  if (job.format === 'csv') return diffToCsv(diff);
  if (job.format === 'json') return JSON.stringify({ from: job.from, to: job.to, ...diff });
  const body: DiffPageBody = { counts: diffCounts(whole), page: pageOfDiff(diff, job.format.page, job.format.size) };
  return JSON.stringify(body);
}

function parse(text: string | null): TableData {
  return text === null ? null : (JSON.parse(text) as TableData);
}
