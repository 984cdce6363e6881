// Times as an on-call engineer reads them: one form on every page (to the second, the date first, the zone named),
// its age beside it on the pod page, and the header's switch to the browser's own zone, kept across reloads. The
// expected times are kubectl's creationTimestamps, rewritten here; the zone's wall clock is Node's own Intl.
import { expect, test, type Page } from '@playwright/test';
import { kubectlJson, podOf } from '../../test/integration/cluster';
import { EVERY_PAGE } from './every-page';

const ZONE = 'Europe/Amsterdam'; // the CronJob's schedule is Amsterdam's

function createdAt(namespace: string, kind: string, name: string): string {
  return kubectlJson<{ metadata: { creationTimestamp: string } }>(['-n', namespace, 'get', kind, name]).metadata.creationTimestamp;
}

/** "2026-12-03T14:09:09Z" as the pages write it in UTC: "2026-12-03 14:09:09 UTC". */
function inUtc(rfc3339: string): string {
  return `${rfc3339.slice(0, 10)} ${rfc3339.slice(11, 19)} UTC`;
}

/** The same instant on Amsterdam's wall clock, with its offset from UTC ("2026-12-03 15:09:09 UTC+1"). */
function inZone(rfc3339: string): string {
  const wall = new Date(rfc3339).toLocaleString('sv-SE', { timeZone: ZONE }); // "2026-12-03 15:09:09"
  const hours = (Date.parse(`${wall.replace(' ', 'T')}Z`) - Date.parse(rfc3339)) / 3_600_000;
  return `${wall} UTC+${hours}`;
}

/** What a page says outside its command blocks (a command may carry a time in kubectl's own form). */
async function prose(page: Page): Promise<string> {
  return page.locator('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement;
    copy.querySelectorAll('pre, code, input, textarea, select').forEach((e) => e.remove());
    return copy.innerText;
  });
}

const RFC3339 = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const FRACTION = /\d{2}:\d{2}:\d{2}\.\d+/;

test('the pod page: the creation time to the second in UTC with its age beside it, and no RFC 3339 stamp in its prose', async ({
  page,
}) => {
  const pod = podOf('payments', 'api');
  const created = createdAt('payments', 'pod', pod);
  await page.goto(`/pods/payments/${pod}`);
  await expect(page.getByTestId('pod-created')).toHaveText(new RegExp(`^${inUtc(created)} \\(\\d+[dhms]( \\d+[hms])? ago\\)$`));
  // the times inside the sentences read the same way, each with its age
  await expect(page.getByTestId('reason').first()).toBeVisible();
  const text = await prose(page);
  expect(text.match(RFC3339)).toBeNull();
  expect(text.match(FRACTION)).toBeNull();
  expect(text).toContain(`${inUtc(created)} (`);
});

test("a snapshot run's page writes its creation to the second, as every other page", async ({ page }) => {
  const jobs = kubectlJson<{ items: Array<{ metadata: { name: string; creationTimestamp: string } }> }>([
    '-n',
    'kyverno-prd',
    'get',
    'jobs',
  ]).items.filter((j) => j.metadata.name.startsWith('memory-snapshot-'));
  const job = jobs[0];
  if (!job) throw new Error('precondition: no memory-snapshot Job in kyverno-prd (the cluster group, run before, creates them)');
  await page.goto(`/snapshot/runs/${job.metadata.name}`);
  await expect(page.getByTestId('run-state')).toContainText(`created ${inUtc(job.metadata.creationTimestamp)}`);
  expect((await prose(page)).match(FRACTION)).toBeNull();
});

test('no page writes an RFC 3339 stamp or milliseconds in its prose: one form everywhere', async ({ page }) => {
  test.setTimeout(300_000);
  const found: Record<string, string> = {};
  for (const path of EVERY_PAGE) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const text = await prose(page);
    const stamp = text.match(RFC3339) ?? text.match(FRACTION);
    if (stamp) found[path] = stamp[0];
  }
  expect(found).toEqual({});
});

test.describe('the Times switch', () => {
  test.use({ timezoneId: ZONE });

  test("local shows every time on Amsterdam's clock, survives a reload and a new page; UTC brings them back", async ({ page }) => {
    const hydrationErrors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /hydrat/i.test(m.text())) hydrationErrors.push(m.text());
    });
    const pod = podOf('payments', 'api');
    const created = createdAt('payments', 'pod', pod);
    await page.goto(`/pods/payments/${pod}`);
    const time = page.getByTestId('pod-created').locator('time');
    await expect(time).toHaveText(inUtc(created));
    // a choice made before React has hydrated the switch has no listener yet: choose until it takes
    await expect(async () => {
      await page.getByTestId('time-zone-switch').selectOption('local');
      await expect(time).toHaveText(inZone(created), { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    // the sentences follow too (the evidence names the pod's creation), not only the facts above them
    await expect(page.getByTestId('container').first()).toContainText(inZone(created));

    await page.reload();
    await expect(time).toHaveText(inZone(created));
    await expect(page.getByTestId('time-zone-switch')).toHaveValue('local');
    // the server still sends UTC (it cannot know the browser's zone): the page switches after hydrating, no mismatch
    const html = await (await page.request.get(`/pods/payments/${pod}`)).text();
    expect(html).toContain(inUtc(created));

    await page.goto('/table');
    await expect(page.locator('main time').first()).toHaveText(/ UTC\+\d$/);

    await page.getByTestId('time-zone-switch').selectOption('utc');
    await page.goto(`/pods/payments/${pod}`);
    await expect(time).toHaveText(inUtc(created));
    expect(hydrationErrors).toEqual([]);
  });

  test('a time shown in the chosen zone is never introduced as UTC ("in UTC … UTC+1")', async ({ page }) => {
    await page.goto('/snapshot/runs');
    const next = page.getByTestId('schedule-next');
    await expect(async () => {
      await page.getByTestId('time-zone-switch').selectOption('local');
      await expect(next.locator('time')).toHaveText(/ UTC\+\d$/, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(next).not.toContainText('in UTC');
    await page.getByTestId('time-zone-switch').selectOption('utc');
  });
});
