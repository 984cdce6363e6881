// A break-glass as an incident in Chromium: with Kyverno healthy (its clean shutdown takes the registration with it),
// the operator scales it to 0; the header, the break-glass page and /incidents say an incident is open, and its page
// shows the step with who pressed it. Kyverno is scaled back and the header's own probe, admitted through it, closes
// the incident (no probe step is pressed), with its two durations, and its Markdown draft downloads. Kyverno is left as the other suites expect it.
import { expect, test } from '@playwright/test';
import { restoreKyverno, tokenOf } from './break-glass-page';
import { registrationHealthy } from './webhook-page';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  if (!registrationHealthy()) throw new Error('precondition: the pod webhook must stand with its entry and owner (Kyverno healthy)');
});

test.afterAll(async () => {
  test.setTimeout(150_000);
  await restoreKyverno();
});

test('an incident opens at the first step, shows its timeline, and closes when the probe is admitted through Kyverno', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const press = async (step: string) => {
    const answer = await page.request.post(`/api/break-glass/${step}`, {
      headers: { origin: baseURL!, authorization: `Bearer ${tokenOf('operator')}`, 'content-type': 'application/json' },
      data: {},
    });
    expect(answer.status(), step).toBe(200);
  };
  const before = new Date().toISOString();
  await press('scale-down');

  await page.goto('/incidents');
  const row = page.getByTestId('incident-row').first();
  await expect(row).toHaveAttribute('data-open', 'true');
  await expect(row).toHaveAttribute('data-kind', 'break-glass');
  const id = (await row.getAttribute('data-id'))!;
  await expect(page.getByTestId('open-incident-state')).toHaveAttribute('data-id', id, { timeout: 30_000 });

  await page.goto('/break-glass');
  await expect(page.getByTestId('open-incident')).toHaveAttribute('data-id', id, { timeout: 30_000 });
  await page
    .getByTestId('open-incident')
    .getByRole('link', { name: /timeline/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/incidents/${id}$`));
  await expect(page.getByTestId('incident')).toHaveAttribute('data-open', 'true');
  const scaled = page.locator('[data-testid="timeline-entry"][data-kind="step"]').first();
  await expect(scaled).toContainText('Scale the admission controller to 0');
  await expect(scaled).toContainText('operator (pasted credential)');
  await expect(scaled).toContainText('Scaled from 3 to 0');
  expect((await scaled.getAttribute('data-at'))! >= before).toBe(true);
  await expect(page.getByTestId('follow-up').first()).toHaveAttribute('data-code', 'bring-back');

  // Back: the clean shutdown took the registration, so no delete is needed; the probe through Kyverno closes it.
  await expect.poll(() => registrationHealthy(), { timeout: 120_000, intervals: [2000] }).toBe(false);
  await press('scale-up');
  await expect.poll(() => registrationHealthy(), { timeout: 120_000, intervals: [2000] }).toBe(true);
  // No probe step: the header's own probe (every page runs it), admitted through the registration, ends it.
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('incident')).toHaveAttribute('data-open', 'false', { timeout: 5_000 });
  }).toPass({ timeout: 90_000, intervals: [5_000] });
  await expect(page.getByTestId('time-to-bring-back')).toContainText('after');
  await expect(page.locator('[data-testid="timeline-entry"][data-kind="registration-gone"]')).toHaveCount(1);
  await expect(page.locator('[data-testid="timeline-entry"][data-kind="kyverno-back"]')).toHaveCount(1);
  await expect(page.getByTestId('open-incident-state')).toHaveCount(0, { timeout: 30_000 });

  const download = page.waitForEvent('download');
  await page.getByTestId('export-md').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`incident-${id}.md`);
  const text = await (await page.request.get(`/api/incidents/${id}/export?format=md`)).text();
  expect(text.split('\n').slice(0, 5)).toEqual([`# Postmortem draft: break-glass ${id}`, '', '## Summary', '', '- Kind: break-glass']);

  await page.goto('/incidents');
  await expect(page.locator(`[data-testid="incident-row"][data-id="${id}"]`)).toHaveAttribute('data-open', 'false');
});
