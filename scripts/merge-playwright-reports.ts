// One Playwright JSON report from the reports of several runs of one group (scripts/test-browser.sh runs the readers,
// then the writers), as scripts/test-summary.ts reads it: the counts added up, the errors and suites kept. A run that
// left no report is an error of the merged one, so the group cannot pass without it.
//
//   node scripts/merge-playwright-reports.ts <out> <report>...
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

interface Report {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number; duration?: number };
  errors?: Array<{ message?: string }>;
  suites?: unknown[];
}

/** The reports as one; a `null` report stands for a run that wrote none (or one that cannot be read), named. */
export function mergeReports(parts: Array<{ name: string; report: Report | null }>): Report {
  const merged: Required<Report> = { stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0, duration: 0 }, errors: [], suites: [] };
  for (const { name, report } of parts) {
    if (!report) {
      merged.errors.push({ message: `the run that writes ${name} left no report that can be read` });
      continue;
    }
    for (const key of ['expected', 'unexpected', 'flaky', 'skipped', 'duration'] as const) merged.stats[key]! += report.stats[key] ?? 0;
    merged.errors.push(...(report.errors ?? []));
    merged.suites.push(...(report.suites ?? []));
  }
  return merged;
}

/** A report file, or null when it is absent or cut short (a run stopped while writing it). */
function read(file: string): Report | null {
  try {
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : null;
  } catch {
    return null;
  }
}

function main(out: string, files: string[]): void {
  const parts = files.map((file) => ({ name: file, report: read(file) }));
  writeFileSync(out, JSON.stringify(mergeReports(parts)));
}

if (import.meta.main) {
  const [out, ...files] = process.argv.slice(2);
  if (!out || files.length === 0) {
    console.error('usage: node scripts/merge-playwright-reports.ts <out> <report>...');
    process.exit(2);
  }
  main(out, files);
}
