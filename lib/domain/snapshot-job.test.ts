import { describe, expect, it } from 'vitest';
import { activeRunsOf, jobFromCronJob, manualJobName, runningRefusal } from './snapshot-job';
import { snapshotResultOf } from './snapshot-result';
import { overrideCommands, restoreCommands, snapshotRunCommands, savedTableFileName } from './write-commands';

const cronJob = {
  metadata: { name: 'memory-snapshot', namespace: 'kyverno-prd', uid: 'u-1' },
  spec: {
    jobTemplate: {
      metadata: { labels: { app: 'snap' }, annotations: { note: 'x' } },
      spec: { backoffLimit: 2, template: { spec: { containers: [] } } },
    },
  },
};

describe('jobFromCronJob', () => {
  it("is kubectl create job --from's Job: template spec, labels, annotations + manual, controller owner without blockOwnerDeletion", () => {
    expect(jobFromCronJob(cronJob, 'memory-snapshot-20261006-1000')).toEqual({
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name: 'memory-snapshot-20261006-1000',
        namespace: 'kyverno-prd',
        labels: { app: 'snap' },
        annotations: { 'cronjob.kubernetes.io/instantiate': 'manual', note: 'x' },
        ownerReferences: [{ apiVersion: 'batch/v1', kind: 'CronJob', name: 'memory-snapshot', uid: 'u-1', controller: true }],
      },
      spec: { backoffLimit: 2, template: { spec: { containers: [] } } },
    });
  });
  it('refuses a CronJob without a uid or template', () => {
    expect(() => jobFromCronJob({ metadata: { name: 'x', namespace: 'y' } }, 'x-1')).toThrow(/uid or jobTemplate/);
  });
});

describe('manualJobName', () => {
  const now = new Date('2026-10-06T09:05:59Z');
  it('writes the minute as date +%Y%m%d-%H%M does, in UTC', () => {
    expect(manualJobName('memory-snapshot', now, new Set())).toBe('memory-snapshot-20261006-0905');
  });
  it('adds a suffix for a second and third run in the same minute', () => {
    expect(manualJobName('memory-snapshot', now, new Set(['memory-snapshot-20261006-0905']))).toBe('memory-snapshot-20261006-0905-2');
    expect(manualJobName('memory-snapshot', now, new Set(['memory-snapshot-20261006-0905', 'memory-snapshot-20261006-0905-2']))).toBe(
      'memory-snapshot-20261006-0905-3',
    );
  });
  it('cuts a long CronJob name so the Job name fits a label', () => {
    const name = manualJobName('a'.repeat(80), now, new Set());
    expect(name.length).toBeLessThanOrEqual(63 - 4 + 1);
    expect(name.endsWith('-20261006-0905')).toBe(true);
  });
});

describe('activeRunsOf', () => {
  const owner = (uid: string, controller = true) => ({ apiVersion: 'batch/v1', kind: 'CronJob', name: 'memory-snapshot', uid, controller });
  const run = (name: string, ownerReferences: object[], conditions: Array<{ type: string; status: string }> = []) => ({
    metadata: { name, namespace: 'kyverno-prd', ownerReferences },
    status: { conditions },
  });
  const jobs = [
    run('memory-snapshot-29340255', [owner('u-1')]), // scheduled, running
    run('memory-snapshot-20261006-0905', [owner('u-1')], [{ type: 'Complete', status: 'True' }]),
    run('memory-snapshot-20261006-0906', [owner('u-1')], [{ type: 'Failed', status: 'True' }]),
    run('memory-snapshot-20261006-0907', [owner('u-1')], [{ type: 'FailureTarget', status: 'True' }]), // pods still ending
    run('memory-snapshot-20261006-0908', [owner('u-1')], [{ type: 'Complete', status: 'False' }]),
    run('forged', [owner('u-2')]), // names the CronJob, but another uid
    run('not-controlled', [owner('u-1', false)]),
    run('kyverno-cleanup-1', []),
  ];
  it("is the CronJob's controlled Jobs without a Complete or Failed condition, as the CronJob controller counts them", () => {
    expect(activeRunsOf('u-1', jobs)).toEqual([
      'memory-snapshot-29340255',
      'memory-snapshot-20261006-0907',
      'memory-snapshot-20261006-0908',
    ]);
  });
  it('is empty when every run has ended', () => {
    expect(activeRunsOf('u-1', jobs.slice(1, 3))).toEqual([]);
  });
  it('names the running Job in the refusal', () => {
    expect(runningRefusal('memory-snapshot', ['memory-snapshot-29340255'])).toMatch(
      /^A run of the snapshot is running \(Job memory-snapshot-29340255\).*concurrencyPolicy: Forbid/,
    );
  });
});

describe('snapshotResultOf', () => {
  it('reads a success with its counts', () => {
    const log =
      'table kyverno-prd/memory-requests holds 40 rows\n40 series, 41 rows\ntable kyverno-prd/memory-requests: 41 rows, 3 new, 2 gone\n';
    expect(snapshotResultOf(log)).toMatchObject({ kind: 'success', rows: 41, new: 3, gone: 2 });
  });
  it('reads a "fewer than half" refusal as overridable, and "no rows" as not', () => {
    expect(
      snapshotResultOf('table kyverno-prd/memory-requests left as it is: 3 rows is fewer than half of the 40 rows the table holds\n'),
    ).toMatchObject({
      kind: 'refusal',
      reason: '3 rows is fewer than half of the 40 rows the table holds',
      overridable: true,
    });
    expect(snapshotResultOf('table kyverno-prd/memory-requests left as it is: Prometheus returned no rows')).toMatchObject({
      kind: 'refusal',
      overridable: false,
    });
  });
  it('reads a traceback as failed, keeping the whole traceback', () => {
    const log =
      'table x/y holds 4 rows\nTraceback (most recent call last):\n  File "/scripts/memory_snapshot.py", line 1, in <module>\nurllib.error.HTTPError: HTTP Error 503: Service Unavailable\n';
    const result = snapshotResultOf(log);
    expect(result.kind).toBe('failed');
    expect(result.kind === 'failed' && result.traceback.split('\n')).toHaveLength(3);
  });
  it('is unknown while the log has no result yet', () => {
    expect(snapshotResultOf('table x/y holds 4 rows\n')).toEqual({ kind: 'unknown', lastLine: 'table x/y holds 4 rows' });
    expect(snapshotResultOf('')).toEqual({ kind: 'unknown', lastLine: null });
  });
});

describe('write commands', () => {
  const s = {
    kubectl: 'cexec iac kubectl',
    kyvernoNamespace: 'kyverno-prd',
    tableConfigMap: 'memory-requests',
    snapshotCronJob: 'memory-snapshot',
  };
  it("are the runbook's, with $KC", () => {
    expect(snapshotRunCommands(s)).toEqual([
      'JOB=memory-snapshot-$(date +%Y%m%d-%H%M)',
      'cexec iac kubectl $KC -n kyverno-prd create job --from=cronjob/memory-snapshot $JOB',
      'cexec iac kubectl -n kyverno-prd logs -f job/$JOB',
    ]);
    expect(snapshotRunCommands(s, 'memory-snapshot-20261006-0905')[0]).toBe('JOB=memory-snapshot-20261006-0905');
    expect(overrideCommands(s, 'memory-requests-2026-10-06.json').slice(0, 2)).toEqual([
      'cexec iac kubectl -n kyverno-prd get configmap memory-requests -o json > memory-requests-2026-10-06.json',
      `cexec iac kubectl $KC -n kyverno-prd patch configmap memory-requests --type=json \\\n  -p '[{"op":"remove","path":"/data"}]'`,
    ]);
    expect(restoreCommands(s, 'memory-requests-2026-10-06.json')).toEqual([
      `cexec iac kubectl $KC -n kyverno-prd patch configmap memory-requests --type=merge \\\n  -p "$(jq -c '{data}' memory-requests-2026-10-06.json)"`,
    ]);
  });
  it('quote a file name that a shell would read otherwise', () => {
    expect(restoreCommands(s, "x $(rm -rf ~)'.json")[0]).toContain(`'x $(rm -rf ~)'\\''.json'`);
  });
  it('name the saved file as date +%F does', () => {
    expect(savedTableFileName('memory-requests', new Date('2026-10-06T23:59:00Z'))).toBe('memory-requests-2026-10-06.json');
  });
});
