// The closing line from the reports the runners write. The report shapes are cut down from real vitest 5 and
// Playwright 1.65 runs of files that pass, fail, skip, fail to import and fail in a beforeAll.
import { describe, expect, it } from 'vitest';
import { readGroups, summarize, tallyPlaywright, tallyVitest } from './test-summary';

const GROUPS = readGroups(`
# comment
typecheck  exit        -           1   5  npx tsc --noEmit
unit       vitest      -           2  10  npx vitest run
browser    playwright  cluster     3  30  npx playwright test
`);

const vitestPassing = {
  success: true,
  testResults: [
    {
      name: 'lib/a.test.ts',
      status: 'passed',
      message: '',
      assertionResults: [
        { title: 'a', status: 'passed' },
        { title: 'b', status: 'passed' },
      ],
    },
  ],
};
const playwrightPassing = { stats: { expected: 3, unexpected: 0, flaky: 0, skipped: 0 }, errors: [] };

function results(files: Record<string, unknown>) {
  return (file: string) =>
    file in files ? (typeof files[file] === 'string' ? (files[file] as string) : JSON.stringify(files[file])) : null;
}
const green = {
  'typecheck.exit': '0',
  'unit.exit': '0',
  'unit.json': vitestPassing,
  'browser.exit': '0',
  'browser.json': playwrightPassing,
};
const closing = (lines: string[]) => lines.at(-1);

describe('the closing line', () => {
  it('adds up every group when all ran and passed; the typecheck counts as one check', () => {
    const { lines, ok } = summarize(GROUPS, results(green));
    expect(closing(lines)).toBe('6 passed, 0 failed');
    expect(ok).toBe(true);
  });

  it('fails a group that was not run, naming why, and one that left no exit code', () => {
    const { 'browser.exit': _e, 'browser.json': _j, ...rest } = green;
    const { lines, ok } = summarize(GROUPS, results({ ...rest, 'browser.notrun': 'the local cluster did not start\n' }));
    expect(ok).toBe(false);
    expect(closing(lines)).toBe('3 passed, 1 failed');
    expect(lines).toContain('  browser: not run: the local cluster did not start');
    expect(summarize(GROUPS, results(rest)).lines).toContain('  browser: did not run (no exit code recorded)');
  });

  it('fails a group that exited without its report, or with a report that is not JSON', () => {
    const { 'unit.json': _j, ...rest } = green;
    expect(summarize(GROUPS, results({ ...rest, 'unit.exit': '1' })).lines).toContain('  unit: exited 1 without its vitest report');
    const garbled = summarize(GROUPS, results({ ...green, 'unit.json': '{"testRes' }));
    expect(garbled.ok).toBe(false);
    expect(closing(garbled.lines)).toBe('4 passed, 1 failed');
  });

  it('fails a failed typecheck in the line, not only in the exit code', () => {
    const { lines, ok } = summarize(GROUPS, results({ ...green, 'typecheck.exit': '2' }));
    expect([closing(lines), ok]).toEqual(['5 passed, 1 failed', false]);
  });

  it('counts a skip as a failure and says so', () => {
    const skipping = { ...playwrightPassing, stats: { ...playwrightPassing.stats, skipped: 2 } };
    const { lines, ok } = summarize(GROUPS, results({ ...green, 'browser.json': skipping }));
    expect(closing(lines)).toBe('6 passed, 2 failed, 2 skipped');
    expect(ok).toBe(false);
    expect(lines.join('\n')).toMatch(/browser: 2 skipped: a precondition that does not hold must fail, not skip/);
  });

  it('fails a group that ran no test, and a runner that failed with a clean report', () => {
    const empty = { success: true, testResults: [] };
    expect(summarize(GROUPS, results({ ...green, 'unit.json': empty })).lines).toContain('  unit: ran no test');
    expect(summarize(GROUPS, results({ ...green, 'unit.exit': '1' })).lines).toContain(
      '  unit: exited 1 although its report shows no failure',
    );
  });

  it('never prints a green line for no groups', () => {
    expect(summarize([], results({})).ok).toBe(false);
  });
});

describe('vitest reports', () => {
  // a file whose beforeAll threw (its tests are marked skipped), one that failed to import, one failing test
  const report = {
    success: false,
    testResults: [
      {
        name: 'test/a.test.ts',
        status: 'failed',
        message: '',
        assertionResults: [
          { title: 'one', status: 'skipped' },
          { title: 'two', status: 'skipped' },
          { title: 'passes', status: 'passed' },
          { title: 'skipped', status: 'skipped' },
          { title: 'todo', status: 'todo' },
        ],
      },
      { name: 'test/b.test.ts', status: 'failed', message: 'precondition failed: import', assertionResults: [] },
      { name: 'test/c.test.ts', status: 'failed', message: '', assertionResults: [{ title: 'fails', status: 'failed' }] },
    ],
  };

  it('counts a file that failed to load and a failing hook as failures, and todo as skipped', () => {
    const tally = tallyVitest(report);
    expect(tally).toMatchObject({ passed: 1, failed: 3, skipped: 4 });
    expect(tally.problems).toEqual([
      'test/a.test.ts: a beforeAll/afterAll hook failed (its error is in the output above)',
      'test/b.test.ts: precondition failed: import',
    ]);
  });
});

describe('Playwright reports', () => {
  it('counts errors outside tests (a spec that failed to load) as failures', () => {
    const tally = tallyPlaywright({
      stats: { expected: 0, unexpected: 0, flaky: 0, skipped: 0 },
      errors: [{ message: 'Error: precondition failed: import\n at x' }],
    });
    expect(tally).toEqual({ passed: 0, failed: 1, skipped: 0, problems: ['Error: precondition failed: import'] });
  });

  it('counts the tests a failed beforeAll kept from running as skipped', () => {
    expect(tallyPlaywright({ stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 2 }, errors: [] })).toMatchObject({
      passed: 1,
      failed: 1,
      skipped: 2,
    });
  });
});

describe('the groups file', () => {
  it('reads names, report kinds, minimum counts and limits in order, and refuses a line it cannot read', () => {
    expect(GROUPS).toEqual([
      { name: 'typecheck', report: 'exit', min: 1, minutes: 5 },
      { name: 'unit', report: 'vitest', min: 2, minutes: 10 },
      { name: 'browser', report: 'playwright', min: 3, minutes: 30 },
    ]);
    expect(() => readGroups('security  jest  -  1  5  npx jest')).toThrow(/cannot read the line/);
    expect(() => readGroups('security  vitest  -  npx vitest run')).toThrow(/cannot read the line/);
    expect(() => readGroups('security  vitest  -  0  5  npx vitest run')).toThrow(/cannot read the line/);
  });

  // Every group by name: one dropped from the file (or renamed) fails here, not silently in CI.
  it('is the one scripts/test.sh runs, every group pinned', async () => {
    const { readFileSync } = await import('node:fs');
    const groups = readGroups(readFileSync('scripts/test-groups', 'utf8'));
    expect(groups.map((g) => g.name)).toEqual([
      'typecheck',
      'lint',
      'format',
      'alerts',
      'unit',
      'real-kyverno',
      'real-browser',
      'cluster',
      'security',
      'postgres',
      'deployment',
      'image',
      'signin',
      'two-clusters',
      'fleet-browser',
      'browser',
      'side-by-side',
    ]);
    // a minimum of 1 would let a group shrink to one test; the smallest, side-by-side, has 8
    for (const g of groups.filter((g) => g.report !== 'exit')) expect(g.min, g.name).toBeGreaterThan(5);
  });
});

describe('minimums and limits', () => {
  it('fails a group that counts fewer tests than its minimum, naming both numbers', () => {
    const { lines, ok } = summarize(
      GROUPS,
      results({ ...green, 'browser.json': { ...playwrightPassing, stats: { ...playwrightPassing.stats, expected: 2 } } }),
    );
    expect(ok).toBe(false);
    expect(lines).toContain('  browser: counted 2 tests, fewer than its minimum 3');
    expect(closing(lines)).toBe('5 passed, 1 failed');
  });

  it('fails a group stopped at its limit, by name, and prints how long each group took', () => {
    const { lines, ok } = summarize(GROUPS, results({ ...green, 'unit.timedout': '10', 'unit.seconds': '600', 'browser.seconds': '95' }));
    expect(ok).toBe(false);
    expect(lines).toContain('  unit: stopped after 10 min, its limit in scripts/test-groups');
    expect(lines).toContain('browser: 3 passed, 0 failed (95 s)');
  });
});
