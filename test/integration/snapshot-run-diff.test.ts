// A run's page shows the change that run wrote, not the newest version since: two runs in a row on the local
// cluster, each started as `kubectl create job --from=cronjob/…` starts one, the table set before each so that each
// has a different change to make, then a write after both that neither page may show. Expected values come from the
// cluster: the table as kubectl reads it around each run, and the counts each Job's last log line gives. The
// recorder runs here, into this file's own store. The table is put back and the Jobs deleted at the end.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectl, putTableData, until } from './cluster';
import { recordingAsViewer } from './recording';
import { KYVERNO, jobEnds, requireNoActiveRun, tableData } from './write-harness';

const { db, startRecorder } = await recordingAsViewer();
const { listVersions, readVersion } = await import('@/lib/history/store');
const { readSnapshotRun } = await import('@/lib/views/snapshot-run');
const { defaultCluster } = await import('@/lib/cluster/registry');

const original = tableData();
const created: string[] = [];
/** A row of no workload the job measures: the run after it was written drops it. */
const GONE_ROW = 'development_memdash-snapwhen-gone_app';

/** Starts a run as the runbook's "Refreshing it by hand" does, with the operator's credential. */
function runByHand(n: number): string {
  const name = `memory-snapshot-snapwhen-${Date.now()}-${n}`;
  kubectl(['-n', KYVERNO, 'create', 'job', '--from=cronjob/memory-snapshot', name], 'operator');
  created.push(name);
  return name;
}

/** The counts the Job's last log line gives: `table kyverno-prd/memory-requests: <n> rows, <n> new, <n> gone`. */
function loggedCounts(job: string): { rows: number; new: number; gone: number } {
  const log = kubectl(['-n', KYVERNO, 'logs', `job/${job}`, '--tail=1']).trim();
  const m = log.match(/^table kyverno-prd\/memory-requests: (\d+) rows, (\d+) new, (\d+) gone$/);
  if (!m) throw new Error(`Job ${job} did not end with the table's counts: ${JSON.stringify(log.slice(0, 200))}`);
  return { rows: Number(m[1]), new: Number(m[2]), gone: Number(m[3]) };
}

/** namespace/workload of each workload with rows in `from` and none in `to` (a key is <namespace>_<workload>_<container>). */
const workloadsLeft = (from: Record<string, string>, to: Record<string, string>) => {
  const of = (data: Record<string, string>) => new Set(Object.keys(data).map((key) => key.split('_').slice(0, 2).join('/')));
  const kept = of(to);
  return [...of(from)].filter((w) => !kept.has(w)).sort();
};

/** Sets the table and waits until the recorder has it as its newest version. */
async function putRecorded(data: Record<string, string>, what: string): Promise<void> {
  putTableData(data);
  await until(what, async () => {
    const newest = (await listVersions(db)).at(-1);
    return newest && isDeepStrictEqual((await readVersion(db, newest.id))?.data, data);
  });
}

const changedRows = (from: Record<string, string>, to: Record<string, string>) =>
  Object.keys(to).filter((key) => key in from && from[key] !== to[key]).length;

describe("a run's page diffs the version it wrote against the one before it", () => {
  const recorder = startRecorder();
  beforeAll(async () => {
    if (!original || Object.keys(original).length < 2) throw new Error('precondition failed: the seeded table has fewer than 2 rows');
    requireNoActiveRun();
    await until('the first version', async () => (await listVersions(db)).length > 0);
  });
  afterAll(() => {
    recorder.stop();
    if (created.length > 0) kubectl(['-n', KYVERNO, 'delete', 'job', '--ignore-not-found', ...created], 'admin');
    if (original) putTableData(original);
  });

  it("two runs in a row: the first run's page shows the first run's change, the second's the second's", async () => {
    const [first, second] = Object.keys(original!).sort();
    // before run 1: one row off, so run 1 changes that row
    const beforeFirst = { ...original!, [first!]: '1Mi' };
    await putRecorded(beforeFirst, 'the table before run 1 recorded');
    const run1 = runByHand(1);
    expect(await jobEnds(run1)).toBe('Complete');
    const wroteFirst = tableData()!;
    const logged1 = loggedCounts(run1);

    // before run 2: a row gone and a row of no workload added, so run 2 adds one back and drops the other
    const { [second!]: _dropped, ...rest } = wroteFirst;
    const beforeSecond = { ...rest, [GONE_ROW]: '64Mi' };
    await putRecorded(beforeSecond, 'the table before run 2 recorded');
    const run2 = runByHand(2);
    expect(await jobEnds(run2)).toBe('Complete');
    const wroteSecond = tableData()!;
    const logged2 = loggedCounts(run2);
    expect(logged2.new).toBeGreaterThanOrEqual(1);
    expect(logged2.gone).toBeGreaterThanOrEqual(1);

    // and a write after both, as anyone's later write: neither run's page may show it
    const { [second!]: _later, ...afterRuns } = wroteSecond;
    await putRecorded(afterRuns, 'the write after the runs recorded');

    const diffOf = (job: string) =>
      until(`the diff of ${job}`, async () => (await readSnapshotRun(defaultCluster(), job)).run.diff, 60_000);
    const diff1 = await diffOf(run1);
    expect(diff1.counts).toEqual({ ...logged1, changed: changedRows(beforeFirst, wroteFirst) });
    expect(diff1.counts.changed).toBeGreaterThanOrEqual(1);
    expect((await readVersion(db, diff1.from))?.data).toEqual(beforeFirst);
    expect((await readVersion(db, diff1.to))?.data).toEqual(wroteFirst);
    expect(diff1.lostRows).toEqual(workloadsLeft(beforeFirst, wroteFirst));

    const diff2 = await diffOf(run2);
    expect(diff2.counts).toEqual({ ...logged2, changed: changedRows(beforeSecond, wroteSecond) });
    expect((await readVersion(db, diff2.from))?.data).toEqual(beforeSecond);
    expect((await readVersion(db, diff2.to))?.data).toEqual(wroteSecond);
    expect(diff2.lostRows).toEqual(workloadsLeft(beforeSecond, wroteSecond));
    expect(diff2.lostRows).toContain('development/memdash-snapwhen-gone');
  }, 600_000);
});
