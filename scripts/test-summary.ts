// The closing line of scripts/test.sh, "N passed, N failed" (", N skipped" when any were), alone on its line for CI
// to read, and the exit code. It knows what should have run (scripts/test-groups) and requires every group's results:
// a group that did not run or did not report, a test file that failed to load, a hook that failed, a Playwright
// error, a skipped test, a group stopped at its time limit, or one that ran fewer tests than its minimum is a failure
// named above the line. Each group's line says its count and how long it took.
//
//   node scripts/test-summary.ts <groups file> <results folder>
// The results folder holds, per group, <name>.exit (its exit code), <name>.json (its report) or <name>.notrun (why),
// <name>.seconds (how long it ran) and <name>.timedout (its limit in minutes, when it was stopped there).
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export type ReportKind = 'vitest' | 'playwright' | 'exit';
export interface Group {
  name: string;
  report: ReportKind;
  /** The fewest tests its report may count (an `exit` group is one check). */
  min: number;
  /** How long it may run, in minutes. */
  minutes: number;
}
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  problems: string[];
}

/** The groups, in order, from the file scripts/test.sh runs them from. */
export function readGroups(text: string): Group[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [name, report, , min, minutes] = line.split(/\s+/);
      const whole = (field: string | undefined) => (field !== undefined && /^[1-9]\d*$/.test(field) ? Number(field) : null);
      if (!name || !['vitest', 'playwright', 'exit'].includes(report ?? '') || whole(min) === null || whole(minutes) === null)
        throw new Error(`test-groups: cannot read the line "${line}" (name, report, needs, min, minutes, command)`);
      return { name, report: report as ReportKind, min: whole(min)!, minutes: whole(minutes)! };
    });
}

interface VitestReport {
  success?: boolean;
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ fullName?: string; title: string; status: string }>;
  }>;
}

/** Every test by its own status; a file that failed without a failing test failed to load or in a hook. */
export function tallyVitest(report: VitestReport): Tally {
  const tally: Tally = { passed: 0, failed: 0, skipped: 0, problems: [] };
  for (const file of report.testResults) {
    for (const test of file.assertionResults) {
      if (test.status === 'passed') tally.passed++;
      else if (test.status === 'failed') tally.failed++;
      else tally.skipped++; // skipped, pending, todo, disabled
    }
    const failedTests = file.assertionResults.some((t) => t.status === 'failed');
    if (file.status === 'failed' && !failedTests) {
      tally.failed++;
      const why = file.message?.split('\n')[0] || 'a beforeAll/afterAll hook failed (its error is in the output above)';
      tally.problems.push(`${relative(process.cwd(), file.name)}: ${why}`);
    }
  }
  return tally;
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors?: Array<{ message?: string }>;
}

/** Tests by outcome; each error outside a test (a spec that failed to load, the web server) is one more failure. */
export function tallyPlaywright(report: PlaywrightReport): Tally {
  const errors = report.errors ?? [];
  return {
    passed: report.stats.expected + report.stats.flaky,
    failed: report.stats.unexpected + errors.length,
    skipped: report.stats.skipped,
    problems: errors.map((e) => (e.message ?? 'an error outside any test').split('\n')[0]!),
  };
}

/** What one group contributes; `read` returns a result file's text, or null when it is absent. */
export function tallyGroup(group: Group, read: (file: string) => string | null): Tally {
  const failure = (problem: string): Tally => ({ passed: 0, failed: 1, skipped: 0, problems: [problem] });
  const notRun = read(`${group.name}.notrun`);
  if (notRun !== null) return failure(`not run: ${notRun.trim()}`);
  if (read(`${group.name}.timedout`) !== null) return failure(`stopped after ${group.minutes} min, its limit in scripts/test-groups`);
  const exit = read(`${group.name}.exit`);
  if (exit === null) return failure('did not run (no exit code recorded)');
  const code = Number(exit.trim());
  if (group.report === 'exit') return code === 0 ? { passed: 1, failed: 0, skipped: 0, problems: [] } : failure(`exited ${code}`);
  const text = read(`${group.name}.json`);
  if (text === null) return failure(`exited ${code} without its ${group.report} report`);
  let tally: Tally;
  try {
    tally =
      group.report === 'vitest' ? tallyVitest(JSON.parse(text) as VitestReport) : tallyPlaywright(JSON.parse(text) as PlaywrightReport);
  } catch (err) {
    return failure(`its ${group.report} report cannot be read: ${(err as Error).message}`);
  }
  return atLeast(withRunnerVerdict(tally, code), group.min);
}

/** A group that counts fewer tests than its minimum lost some: a file dropped, a `.only`, a filter left in. */
function atLeast(tally: Tally, min: number): Tally {
  const counted = tally.passed + tally.failed + tally.skipped;
  if (counted === 0 || counted >= min) return tally;
  return { ...tally, failed: tally.failed + 1, problems: [...tally.problems, `counted ${counted} tests, fewer than its minimum ${min}`] };
}

/** A runner that ran nothing, or failed without a failure in its report, still fails the group. */
function withRunnerVerdict(tally: Tally, code: number): Tally {
  const result = { ...tally, problems: [...tally.problems] };
  if (result.passed + result.failed + result.skipped === 0) {
    result.failed++;
    result.problems.push('ran no test');
  } else if (code !== 0 && result.failed === 0) {
    result.failed++;
    result.problems.push(`exited ${code} although its report shows no failure`);
  }
  if (result.skipped > 0) result.problems.push(`${result.skipped} skipped: a precondition that does not hold must fail, not skip`);
  return result;
}

/** The per-group lines, the reasons, and the closing line; skips fail the run and are counted as failures. */
export function summarize(groups: Group[], read: (file: string) => string | null): { lines: string[]; ok: boolean } {
  const lines: string[] = [];
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const group of groups) {
    const t = tallyGroup(group, read);
    total.passed += t.passed;
    total.failed += t.failed + t.skipped;
    total.skipped += t.skipped;
    const seconds = read(`${group.name}.seconds`)?.trim();
    const took = seconds ? ` (${seconds} s)` : '';
    lines.push(`${group.name}: ${t.passed} passed, ${t.failed} failed${t.skipped ? `, ${t.skipped} skipped` : ''}${took}`);
    for (const problem of t.problems) lines.push(`  ${group.name}: ${problem}`);
  }
  const ok = groups.length > 0 && total.failed === 0 && total.passed > 0;
  lines.push('', `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  return { lines, ok };
}

if (import.meta.main) {
  const [groupsFile, dir] = process.argv.slice(2);
  if (!groupsFile || !dir) {
    console.error('usage: node scripts/test-summary.ts <groups file> <results folder>');
    process.exit(2);
  }
  const read = (file: string) => (existsSync(join(dir, file)) ? readFileSync(join(dir, file), 'utf8') : null);
  const { lines, ok } = summarize(readGroups(readFileSync(groupsFile, 'utf8')), read);
  console.log(['', '=== summary', ...lines].join('\n'));
  process.exit(ok ? 0 : 1);
}
