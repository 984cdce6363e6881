import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import {
  crashReason,
  DOCS_PAGE,
  TABLE_END,
  TABLE_START,
  markdownTable,
  notFinished,
  textTable,
  withTable,
  writeDocsTable,
  type Run,
} from './table.ts';

// Shaped as bench/run.ts writes latest.json: a crashed benchmark's NaN values come back from JSON as null.
const run: Run = JSON.parse(
  JSON.stringify({
    at: '2026-12-03T07:13:00.000Z',
    scale: 20000,
    machine: { cpus: 2, node: 'v24.21.0', loadAverageBefore: [2.5, 2, 1.5], loadAverageAfter: [3.6, 3, 2] },
    figures: [
      {
        benchmark: 'explain.ts',
        figure: 'explanation, median vs kubectl + jq',
        value: 12.04,
        unit: 'ms',
        anchor: { name: 'kubectl + jq', value: 317.2, unit: 'ms' },
        ratio: 26.35,
        target: '≥ 10× faster',
        pass: true,
      },
      notFinished('load.ts', 'a | in its error'),
    ],
  }),
);

const doc = (section: string) => `# Benchmarks\n\nBefore.\n\n${TABLE_START}\n\n${section}\n\n${TABLE_END}\n\nAfter.\n`;

describe('the benchmark table', () => {
  it('says which run, where, and how many figures held', () => {
    const table = markdownTable(run);
    expect(table).toContain('Run of 2026-12-03T07:13:00.000Z, `--scale 20000`; 2 CPUs, Node v24.21.0');
    expect(table).toContain('load average 2.5 2.0 1.5 before and 3.6 3.0 2.0 after');
    expect(table).toContain('1 of 2 figures within their targets.');
  });

  it('has one line per figure, a failed benchmark included, with the cells the terminal shows', () => {
    const lines = markdownTable(run).split('\n');
    expect(lines).toContain('| benchmark | figure | value | anchor | ratio | target | result |');
    expect(lines).toContain(
      '| bench/explain.ts | explanation, median vs kubectl + jq | 12.0 ms | kubectl + jq: 317 ms | 26.4× | ≥ 10× faster | pass |',
    );
    // a | inside a cell would split it: escaped
    expect(lines).toContain('| bench/load.ts | bench/load.ts did not finish: a \\| in its error | — |  |  |  | FAIL |');
    expect(textTable(run.figures).split('\n')[2]).toMatch(
      /^explanation, median vs kubectl \+ jq +12\.0 ms +kubectl \+ jq: 317 ms +26\.4× +≥ 10× faster +pass *$/,
    );
  });

  it('replaces only what stands between the markers', () => {
    const replaced = withTable(doc('an older table'), 'the new table');
    expect(replaced).toBe(doc('the new table'));
    expect(withTable(replaced, 'the new table')).toBe(replaced);
  });

  it('refuses a document without its two markers, or with the start twice', () => {
    expect(() => withTable('# Benchmarks\n', 'x')).toThrow(TABLE_START);
    expect(() => withTable(`${TABLE_END}\n${TABLE_START}\n`, 'x')).toThrow(TABLE_END);
    expect(() => withTable(`${TABLE_START}\n${doc('x')}`, 'x')).toThrow(TABLE_START);
  });

  it('writes the page formatted as the format check wants it', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'memdash-bench-table-')), 'benchmarks.md');
    writeFileSync(path, doc('an older table'));
    await writeDocsTable(path, run);
    const written = readFileSync(path, 'utf8');
    expect(written).toContain('Before.');
    expect(written).toContain('After.');
    expect(written).not.toContain('an older table');
    expect(written).toMatch(/\| bench\/explain\.ts +\| explanation, median vs kubectl \+ jq/);
    expect(await check(written, { ...(await resolveConfig(DOCS_PAGE)), filepath: path })).toBe(true);
  });

  it('docs/benchmarks.md has the markers the writer needs', () => {
    const page = readFileSync(DOCS_PAGE, 'utf8');
    expect(page.split(TABLE_START)).toHaveLength(2);
    expect(page.split(TABLE_END)).toHaveLength(2);
    expect(page.indexOf(TABLE_START)).toBeLessThan(page.indexOf(TABLE_END));
  });
});

describe('why a benchmark did not finish', () => {
  it("is the line naming the error, not Node's version or the stack", () => {
    // bench/pages.ts's stderr when Chromium waited too long for a page
    const stderr = [
      'node:internal/modules/run_main:107',
      '    triggerUncaughtException(',
      '    ^',
      'page.goto: Timeout 30000ms exceeded.',
      'Call log:',
      '  - navigating to "http://127.0.0.1:41623/workloads", waiting until "networkidle"',
      '    at visit (/work/main/bench/pages.ts:80:31)',
      "  name: 'TimeoutError'",
      '}',
      'Node.js v24.21.0',
    ].join('\n');
    expect(crashReason(stderr)).toBe('page.goto: Timeout 30000ms exceeded.');
    expect(crashReason('listen EADDRINUSE\nNode.js v24.21.0\n')).toBe('listen EADDRINUSE');
    expect(crashReason('Node.js v24.21.0\n')).toBeNull();
  });
});
