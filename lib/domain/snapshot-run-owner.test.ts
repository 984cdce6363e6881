import { describe, expect, it } from 'vitest';
import jobsJson from './__fixtures__/jobs-kyverno-namespace.json';
import { jobFromCronJob } from './snapshot-job';
import { isRunOf } from './snapshot-run-owner';

const jobs = jobsJson.items;
const runsOf = (cronJob: string) => jobs.filter((j) => isRunOf(j, cronJob)).map((j) => j.metadata.name);

describe('isRunOf', () => {
  it("takes the CronJob's scheduled and manual runs, and nothing else of Kyverno's namespace", () => {
    // not Kyverno's cleanup run, a Helm hook, a Job that only refers to the CronJob, nor another group's CronJob
    expect(runsOf('memory-snapshot')).toEqual(['memory-snapshot-29329575', 'memory-snapshot-20261006-1000']);
  });

  it('takes the Job memdash creates from the CronJob', () => {
    const cronJob = { metadata: { name: 'memory-snapshot', namespace: 'kyverno-prd', uid: 'u-1' }, spec: { jobTemplate: { spec: {} } } };
    expect(isRunOf(jobFromCronJob(cronJob, 'memory-snapshot-20261006-1100'), 'memory-snapshot')).toBe(true);
  });

  it('is about the CronJob the settings name', () => {
    expect(runsOf('kyverno-cleanup-admission-reports')).toEqual(['kyverno-cleanup-admission-reports-29329690']);
    expect(runsOf('other-snapshot')).toEqual([]);
  });
});
