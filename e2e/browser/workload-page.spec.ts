// The workload page says each thing once: a pod whose request is not today's row is marked in the pods' table, not
// listed a second time above it. Which pods drift is worked out here from kubectl (the pods and the table).
import { expect, test } from '@playwright/test';
import { kubectlJson } from '../../test/integration/cluster';
import { bytes } from '../../test/integration/scenario';

interface PodList {
  items: Array<{
    metadata: { name: string; deletionTimestamp?: string };
    spec: { containers: Array<{ name: string; resources?: { requests?: { memory?: string }; limits?: { memory?: string } } }> };
  }>;
}

test('the workload page lists each pod once, its drifted containers marked in the one table', async ({ page }) => {
  const [namespace, workload] = ['payments', 'api'];
  const row = kubectlJson<{ data?: Record<string, string> }>(['-n', 'kyverno-prd', 'get', 'configmap', 'memory-requests']).data?.[
    `${namespace}_${workload}_api`
  ];
  const pods = kubectlJson<PodList>(['-n', namespace, 'get', 'pods', '-l', `app.kubernetes.io/name=${workload}`]).items.filter(
    (p) => !p.metadata.deletionTimestamp,
  );
  // a container drifts when its request is not the row (or its limit, where the row is above it)
  const drifted = pods.filter((p) => {
    const c = p.spec.containers.find((x) => x.name === 'api')!;
    const wants = Math.min(bytes(row)!, bytes(c.resources?.limits?.memory) ?? Infinity);
    return bytes(c.resources?.requests?.memory) !== wants;
  });
  if (!row || drifted.length === 0)
    throw new Error(`precondition: a pod of ${namespace}/${workload} whose request is not the row ${row} (the scenario's stale pods)`);

  await page.goto(`/workloads/${namespace}/${workload}`);
  await expect(page.getByTestId('workload-pods')).toBeVisible();
  for (const pod of pods) {
    await expect(page.locator(`main a[href="/c/local/pods/${namespace}/${pod.metadata.name}"]`), pod.metadata.name).toHaveCount(1);
  }
  await expect(page.locator('[data-testid="workload-pod"][data-drifted="true"]')).toHaveCount(drifted.length);
  for (const pod of drifted)
    await expect(page.locator(`[data-testid="workload-pod"][data-pod="${pod.metadata.name}"]`)).toHaveAttribute('data-drifted', 'true');
  await expect(page.getByTestId('drift')).toContainText(`${drifted.length} container`);
  await expect(page.getByTestId('drift')).toContainText('each gets the row with its next pod');
});

test('its rows across the versions: one line per run of identical values, never two alike in a row', async ({ page }) => {
  await page.goto('/workloads/shop/web');
  const lines = page.getByTestId('rows-across-versions').getByTestId('row-run');
  await expect(lines.first()).toBeVisible({ timeout: 30_000 });
  const values = await lines.evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => td.textContent)));
  for (let i = 1; i < values.length; i++) expect(values[i], `line ${i + 1} reads as line ${i}`).not.toEqual(values[i - 1]);
  const versions = await lines.evaluateAll((rows) => rows.reduce((n, r) => n + Number(r.getAttribute('data-versions')), 0));
  expect(versions).toBeGreaterThanOrEqual(values.length);
});
