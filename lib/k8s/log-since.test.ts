import { describe, expect, it } from 'vitest';
import { newLines, sinceSecondsAfter, stampedLine } from './log-since';

const at = (stamp: string, text: string) => `${stamp} ${text}\n`;

describe('stampedLine', () => {
  it('reads the kubelet timestamp to the nanosecond, however many digits it kept', () => {
    const a = stampedLine('2026-12-03T13:54:15.1Z table left as it is')!;
    const b = stampedLine('2026-12-03T13:54:15.100000001Z x')!;
    expect(a.text).toBe('table left as it is');
    expect(b.at - a.at).toBe(1n);
    expect(stampedLine('2026-12-03T14:54:15+01:00 x')!.at).toBe(stampedLine('2026-12-03T13:54:15Z x')!.at);
    expect(stampedLine('no timestamp')).toBeNull();
  });
});

describe('newLines', () => {
  const first = at('2026-12-03T13:54:15.1Z', 'reading 28 days') + at('2026-12-03T13:54:16.2Z', 'pooled 40 workloads');

  it('takes every whole line the first time, without timestamps, and leaves a line still being written', () => {
    const { lines, mark } = newLines(`${first}2026-12-03T13:54:17Z half a li`, null);
    expect(lines).toEqual(['reading 28 days', 'pooled 40 workloads']);
    expect(mark).toEqual({ at: stampedLine(first.split('\n')[1]!)!.at, taken: 1 });
  });

  it('takes from a later, overlapping window only the lines not taken yet', () => {
    const { mark } = newLines(first, null);
    const later =
      at('2026-12-03T13:54:16.2Z', 'pooled 40 workloads') +
      at('2026-12-03T13:54:18Z', 'table kyverno-prd/memory-requests: 40 rows, 0 new, 0 gone');
    const next = newLines(later, mark);
    expect(next.lines).toEqual(['table kyverno-prd/memory-requests: 40 rows, 0 new, 0 gone']);
    expect(newLines(later, next.mark).lines).toEqual([]);
  });

  it('tells apart lines written at the same nanosecond by how many were taken', () => {
    const same = at('2026-12-03T13:54:15.5Z', 'one') + at('2026-12-03T13:54:15.5Z', 'two');
    const { mark } = newLines(at('2026-12-03T13:54:15.5Z', 'one'), null);
    expect(newLines(same, mark).lines).toEqual(['two']);
  });

  it('keeps a line without a timestamp with the line before it', () => {
    const { lines } = newLines(`${at('2026-12-03T13:54:15Z', 'Traceback (most recent call last):')}  File "x.py"\n`, null);
    expect(lines).toEqual(['Traceback (most recent call last):', '  File "x.py"']);
  });

  it('has nothing and no mark for an empty log', () => {
    expect(newLines('', null)).toEqual({ lines: [], mark: null });
  });
});

describe('sinceSecondsAfter', () => {
  it('covers the time since the last read, with a margin', () => {
    expect(sinceSecondsAfter(1000)).toBeGreaterThan(1);
    expect(sinceSecondsAfter(1500)).toBeGreaterThanOrEqual(2);
  });
});
