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
    await expect(page.locator(`main a[href="/pods/${namespace}/${pod.metadata.name}"]`), pod.metadata.name).toHaveCount(1);
  }
  await expect(page.locator('[data-testid="workload-pod"][data-drifted="true"]')).toHaveCount(drifted.length);
  for (const pod of drifted)
    await expect(page.locator(`[data-testid="workload-pod"][data-pod="${pod.metadata.name}"]`)).toHaveAttribute('data-drifted', 'true');
  await expect(page.getByTestId('drift')).toContainText(`${drifted.length} container`);
  await expect(page.getByTestId('drift')).toContainText('each gets the row with its next pod');
});
