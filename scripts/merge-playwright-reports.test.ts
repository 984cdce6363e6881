// The browser group's two runs as one report: what scripts/test-summary.ts counts from it.
import { describe, expect, it } from 'vitest';
import { mergeReports } from './merge-playwright-reports.ts';
import { tallyPlaywright } from './test-summary.ts';

const report = (expected: number, unexpected: number, errors: string[] = []) => ({
  stats: { expected, unexpected, flaky: 0, skipped: 0, duration: 1000 },
  errors: errors.map((message) => ({ message })),
  suites: [{ title: `${expected}+${unexpected}` }],
});

describe('mergeReports', () => {
  it('adds up the counts and keeps every error and suite', () => {
    const merged = mergeReports([
      { name: 'readers.json', report: report(100, 1, ['the web server did not start']) },
      { name: 'writers.json', report: report(50, 0) },
    ]);
    expect(merged.stats).toEqual({ expected: 150, unexpected: 1, flaky: 0, skipped: 0, duration: 2000 });
    expect(merged.suites).toHaveLength(2);
    expect(tallyPlaywright(merged)).toEqual({ passed: 150, failed: 2, skipped: 0, problems: ['the web server did not start'] });
  });

  it('counts a run that left no report as a failure naming it', () => {
    const merged = mergeReports([
      { name: 'readers.json', report: report(100, 0) },
      { name: 'writers.json', report: null },
    ]);
    expect(tallyPlaywright(merged)).toEqual({
      passed: 100,
      failed: 1,
      skipped: 0,
      problems: ['the run that writes writers.json left no report that can be read'],
    });
  });
});
