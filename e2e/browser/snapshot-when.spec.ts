// The snapshot's when and what, in Chromium against the local cluster: the CronJob's next run (in its zone and in
// UTC), suspend and last run on /snapshot/runs and the home page; beside "Run the snapshot now" the preview's one
// line and the workloads it would drop; and after that run, "N rows gone" as an amber callout inside the success,
// on the run page and on its diff. Expected values come from the cluster (kubectl's CronJob and Jobs, the run's last
// log line, the table before and after), never from memdash. One run; the table is put back, the Job deleted.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { kubectl, putTableData } from '../../test/integration/cluster';
import { GuardedButton, KYVERNO, runResult, shoot, tableData, tokenOf } from './write-page';

test.describe.configure({ mode: 'serial' });

interface CronJobShape {
  metadata: { uid: string };
  spec: { schedule: string; timeZone?: string; suspend?: boolean };
}
interface JobShape {
  metadata: { name: string; creationTimestamp: string; ownerReferences?: Array<{ uid: string; controller?: boolean }> };
  status?: { conditions?: Array<{ type: string; status: string }> };
}

const json = <T>(args: string[]): T => JSON.parse(kubectl([...args, '-o', 'json'])) as T;
const cronJob = () => json<CronJobShape>(['-n', KYVERNO, 'get', 'cronjob', 'memory-snapshot']);

/** The names of the newest Jobs the CronJob controls (several when created in the same second), and their outcome. */
function newestRuns(): { names: string[]; outcome: Record<string, string> } {
  const uid = cronJob().metadata.uid;
  const runs = json<{ items: JobShape[] }>(['-n', KYVERNO, 'get', 'jobs']).items.filter((j) =>
    j.metadata.ownerReferences?.some((o) => o.controller && o.uid === uid),
  );
  const newest = runs
    .map((j) => j.metadata.creationTimestamp)
    .sort()
    .at(-1);
  const outcome: Record<string, string> = {};
  for (const j of runs) {
    const done = (type: string) => j.status?.conditions?.some((c) => c.type === type && c.status === 'True');
    outcome[j.metadata.name] = done('Complete') ? 'succeeded' : done('Failed') ? 'failed' : 'running';
  }
  return { names: runs.filter((j) => j.metadata.creationTimestamp === newest).map((j) => j.metadata.name), outcome };
}

/** The zone's wall-clock parts of an instant. */
function wallOf(at: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}` };
}

/**
 * The next start of a daily schedule "M H * * *" in a zone after `now`: the first of today's, tomorrow's or the day
 * after's H:M wall time there, found by the zone's offset at that time.
 */
function nextDaily(schedule: string, timeZone: string, now: number): number {
  const m = schedule.match(/^(\d+) (\d+) \* \* \*$/);
  if (!m) throw new Error(`precondition failed: the CronJob's schedule "${schedule}" is not a daily "M H * * *"`);
  const [minute, hour] = [Number(m[1]), Number(m[2])];
  const offset = (at: number) => {
    const w = wallOf(at, timeZone);
    return Date.parse(`${w.date}T${w.time}:00Z`) - Math.floor(at / 60_000) * 60_000;
  };
  for (let day = 0; day < 3; day++) {
    const [y, mo, d] = wallOf(now + day * 86_400_000, timeZone)
      .date.split('-')
      .map(Number);
    const naive = Date.UTC(y!, mo! - 1, d!, hour, minute);
    const at = naive - offset(naive - offset(naive));
    if (at > now) return at;
  }
  throw new Error('no next run within three days');
}

async function expectSchedule(page: Page, schedule: Locator): Promise<void> {
  const { spec } = cronJob();
  const timeZone = spec.timeZone ?? 'UTC';
  if (spec.suspend) throw new Error('precondition failed: the CronJob is suspended (kubectl patch it back to suspend: false)');
  const next = nextDaily(spec.schedule, timeZone, Date.now());
  const local = wallOf(next, timeZone);
  const line = schedule.getByTestId('schedule-next');
  await expect(line).toHaveAttribute('data-utc', new Date(next).toISOString());
  await expect(line).toContainText(`${local.date} ${local.time}`);
  await expect(line).toContainText(new Date(next).toISOString().slice(11, 16)); // the same instant in UTC
  await expect(line).toContainText(timeZone);
  await expect(line).toContainText(spec.schedule);
  await expect(line).toContainText('suspend: false');
  await expect(line).toHaveAttribute('data-suspended', 'false');
  // the last run: the newest Job the CronJob controls, as kubectl lists them now (the shared cluster's runs move)
  const runs = newestRuns();
  const last = schedule.getByTestId('schedule-last-run');
  if (runs.names.length === 0) return void (await expect(last).toHaveAttribute('data-outcome', 'none'));
  const shown = (await last.getByRole('link').textContent())?.trim() ?? '';
  expect(runs.names).toContain(shown);
  await expect(last).toHaveAttribute('data-outcome', runs.outcome[shown]!);
  await expect(last.getByRole('link')).toHaveAttribute('href', `/c/local/snapshot/runs/${shown}`);
}

test("the CronJob's next run in its zone and in UTC, suspend and the last run, on /snapshot/runs and home", async ({ page }, info) => {
  await page.goto('/snapshot/runs');
  await expectSchedule(page, page.getByTestId('snapshot-schedule'));
  await shoot(page, info.outputPath('runs-schedule.png'));
  // the same as JSON, for a script or an alert
  const api = (await (await page.request.get('/api/snapshot/schedule')).json()) as { next: { at: string } | null; spec: unknown };
  expect(api.spec).toEqual({ schedule: cronJob().spec.schedule, timeZone: cronJob().spec.timeZone ?? null, suspend: false });
  expect(api.next?.at).toBe(await page.getByTestId('schedule-next').getAttribute('data-utc'));
  await page.goto('/');
  await expectSchedule(page, page.getByTestId('cluster-summary').getByTestId('snapshot-schedule'));
  await shoot(page, info.outputPath('home-schedule.png'));
});

const original = tableData();
/** A row of no workload the job measures: the next run drops it, and its workload with it. */
const DROPPED = { key: 'development_memdash-snapwhen-drop_app', namespace: 'development', workload: 'memdash-snapwhen-drop' };
const created: string[] = [];
test.afterAll(() => {
  putTableData(original);
  if (created.length > 0) kubectl(['-n', KYVERNO, 'delete', 'job', '--ignore-not-found', ...created], 'admin');
});

/**
 * The caution tone: a yellow-orange hue with colour in it (not a grey, a green or a red). Chromium gives the computed
 * colour as lab() or oklch(); the hue is the angle of its a/b (or its h).
 */
async function expectAmber(element: Locator): Promise<void> {
  const colour = await element.evaluate((e) => getComputedStyle(e).backgroundColor);
  const lab = colour.match(/^lab\(([\d.]+) (-?[\d.]+) (-?[\d.]+)/);
  const oklch = colour.match(/^oklch\(([\d.]+) ([\d.]+) ([\d.]+)/);
  if (!lab && !oklch) throw new Error(`not a lab() or oklch() colour: ${colour}`);
  const [chroma, hue, least] = lab
    ? [Math.hypot(Number(lab[2]), Number(lab[3])), (Math.atan2(Number(lab[3]), Number(lab[2])) * 180) / Math.PI, 3]
    : [Number(oklch![2]), Number(oklch![3]), 0.01];
  expect(chroma, `the chroma of ${colour}`).toBeGreaterThan(least);
  expect(hue, `the hue of ${colour}`).toBeGreaterThan(50);
  expect(hue, `the hue of ${colour}`).toBeLessThan(110);
}

test('beside Run now the preview says what the run would write and drop; the run wrote that, its gone rows amber', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const [changedKey] = Object.keys(original).sort();
  const before = { ...original, [changedKey!]: '1Mi', [DROPPED.key]: '64Mi' };
  putTableData(before);
  await page.goto('/snapshot/runs');
  const action = new GuardedButton(page.getByTestId('run-snapshot-now'));
  const preview = action.section.getByTestId('run-preview');
  // a preview asked for within MEMDASH_PREVIEW_MIN_INTERVAL_MS is the last one's: reload until it has the table above
  await expect(async () => {
    await page.reload();
    await expect(
      preview.getByTestId('run-preview-dropped-workload').filter({ hasText: `${DROPPED.namespace}/${DROPPED.workload}` }),
    ).toHaveCount(1, {
      timeout: 20_000,
    });
  }).toPass({ timeout: 120_000 });
  const line = (await preview.getByTestId('run-preview-line').textContent()) ?? '';
  // in the job's own words (its last line: <n> rows, <n> new, <n> gone)
  const m = line.match(/^Would write ([\d,]+) rows?: ([\d,]+) changed, ([\d,]+) new, ([\d,]+) gone$/);
  if (!m) throw new Error(`not the preview's one line: ${line}`);
  const [rows, changed, added, dropped] = m.slice(1).map((n) => Number(n.replaceAll(',', '')));
  const link = preview.getByRole('link', { name: `${DROPPED.namespace}/${DROPPED.workload}` });
  await expect(link).toHaveAttribute('href', `/c/local/workloads/${DROPPED.namespace}/${DROPPED.workload}`);
  await expectAmber(preview.getByTestId('run-preview-dropped'));
  await shoot(page, info.outputPath('run-now-preview.png'));

  await action.useToken(tokenOf('operator'));
  await action.button('Run the snapshot now').click();
  await page.waitForURL(/\/snapshot\/runs\/memory-snapshot-/);
  const job = decodeURIComponent(page.url().split('/').pop()!);
  created.push(job);
  expect(await runResult(page)).toBe('success');
  await expect(page.getByTestId('run-state')).toHaveAttribute('data-state', 'succeeded', { timeout: 60_000 });

  // what the run wrote, from the cluster: its log line, and the table before against after
  const logged = kubectl(['-n', KYVERNO, 'logs', `job/${job}`, '--tail=1']).trim();
  const counts = logged.match(/^table kyverno-prd\/memory-requests: (\d+) rows, (\d+) new, (\d+) gone$/);
  if (!counts) throw new Error(`the run did not end with the table's counts: ${logged.slice(0, 200)}`);
  const after = tableData();
  expect([rows, added, dropped]).toEqual([Number(counts[1]), Number(counts[2]), Number(counts[3])]);
  expect(changed).toBe(Object.keys(after).filter((k) => k in before && before[k] !== after[k]).length);
  expect(after[DROPPED.key]).toBeUndefined();

  const gone = Number(counts[3]);
  const success = page.locator('[data-testid="run-result"][data-result="success"]');
  const callout = success.getByTestId('rows-gone');
  await expect(callout).toHaveAttribute('data-gone', String(gone));
  await expect(callout).toContainText(`${gone} row${gone === 1 ? '' : 's'} gone`);
  await expectAmber(callout);
  await shoot(page, info.outputPath('run-rows-gone.png'));

  await expect(page.getByTestId('run-diff-link')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('run-diff-link').click();
  await expect(page.getByTestId('diff-summary')).toContainText(`${gone} gone`);
  await expect(page.getByTestId('rows-gone')).toHaveAttribute('data-gone', String(gone));
  await expectAmber(page.getByTestId('rows-gone'));
  await shoot(page, info.outputPath('diff-rows-gone.png'));
});
