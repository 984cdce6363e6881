// An incident id that names none is a 404 with its own page, as a pod or a workload that is not there: a 200 told a
// link checker, and a person, that the page was there.
import { expect, test } from '@playwright/test';

test('/incidents/<unknown> answers 404 and says there is no such incident', async ({ page }) => {
  for (const id of ['bg-0000000000000-none', 'not an id']) {
    const answer = await page.goto(`/incidents/${encodeURIComponent(id)}`);
    expect(answer?.status(), id).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No such incident');
    await expect(page.getByTestId('error-state')).toContainText(id);
  }
});
