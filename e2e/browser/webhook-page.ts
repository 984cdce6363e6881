// The webhook page as an operator reads it, and the hands that drive the local cluster's Kyverno through its states
// (the harness CLI and kubectl, as the runbook's operator would).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { kubeconfig, repoRoot } from '../../test/integration/cluster';
import { bin } from '../../e2e/cluster/lib/paths.ts';

export class WebhookPage {
  constructor(readonly page: Page) {}

  async goto() {
    return this.page.goto('/webhook');
  }

  get state(): Locator {
    return this.page.getByTestId('webhook-state');
  }

  get probe(): Locator {
    return this.page.getByTestId('probe');
  }

  panel(id: string): Locator {
    return this.page.getByTestId(id);
  }

  /** Runs the probe now and waits for its answer. */
  async runProbe(outcome: string) {
    await this.probe.getByRole('button', { name: 'Run the probe' }).click();
    await expect(this.probe).toHaveAttribute('data-outcome', outcome, { timeout: 40_000 });
  }

  /** Waits for the page's verdict, and the header's (every page's) to agree; both refresh every few seconds. */
  async expectState(code: string, timeout = 45_000) {
    await expect(this.state).toHaveAttribute('data-state', code, { timeout });
    await expect(this.headerState).toHaveAttribute('data-state', code, { timeout: Math.max(timeout, 15_000) });
  }

  /** The state of pod creation in the header of every page. */
  get headerState(): Locator {
    return this.page.getByTestId('pod-creation-state');
  }

  async screenshot(name: string) {
    // the run's output folder (the real Kyverno's browser group has its own, beside the other browser run)
    const dir = join(test.info().project.outputDir, 'webhook-states');
    mkdirSync(dir, { recursive: true });
    await this.page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
  }
}

/** kubectl with one of the local cluster's users: operator for the runbook's $KC writes, admin for the harness. */
export function kubectlAs(user: 'viewer' | 'operator' | 'admin', args: string[], input?: string): string {
  return execFileSync(bin('kubectl'), ['--kubeconfig', kubeconfig(user), ...args], {
    encoding: 'utf8',
    input,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

/** The harness's switches: `npm run cluster -- kyverno crash|recover|deny|allow`. */
export function kyverno(action: 'crash' | 'recover' | 'deny' | 'allow'): void {
  execFileSync(process.execPath, [join(repoRoot, 'e2e/cluster/cli.ts'), 'kyverno', action], { stdio: 'pipe', cwd: repoRoot });
}

export function scaleAdmissionController(replicas: number): void {
  kubectlAs('operator', ['-n', 'kyverno-prd', 'scale', 'deployment', 'kyverno-admission-controller', `--replicas=${replicas}`]);
}

/** The ClusterRole that owns Kyverno's registrations, as the companion chart defines it. */
export const WEBHOOK_OWNER = {
  apiVersion: 'rbac.authorization.k8s.io/v1',
  kind: 'ClusterRole',
  metadata: { name: 'kyverno-prd:webhook', labels: { 'app.kubernetes.io/component': 'kyverno', 'app.kubernetes.io/part-of': 'kyverno' } },
  rules: [],
};

/**
 * Another product's Fail pod webhook that covers kyverno-prd. Its objectSelector matches no pod, so while it exists
 * nothing is actually refused; the audit judges it by its namespaceSelector, as it should.
 */
export const FAIL_CLOSED_WEBHOOK = {
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingWebhookConfiguration',
  metadata: { name: 'memdash-e2e-fail-closed', labels: { 'memdash.local/test': 'webhook' } },
  webhooks: [
    {
      name: 'pods.memdash-e2e.local',
      clientConfig: { url: 'https://127.0.0.1:9/validate' },
      rules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }],
      failurePolicy: 'Fail',
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
      namespaceSelector: {
        matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['kyverno-prd', 'kube-system'] }],
      },
      objectSelector: { matchLabels: { 'memdash.local/e2e-never': 'true' } },
    },
  ],
};

/** A Deployment in a covered namespace, to make a ReplicaSet try to create a pod while Kyverno is down. */
export const ROLLING_DEPLOYMENT = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'memdash-e2e-roll', namespace: 'development', labels: { 'memdash.local/test': 'webhook' } },
  spec: {
    replicas: 1,
    selector: { matchLabels: { 'app.kubernetes.io/name': 'memdash-e2e-roll' } },
    template: {
      metadata: { labels: { 'app.kubernetes.io/name': 'memdash-e2e-roll' } },
      spec: {
        terminationGracePeriodSeconds: 0,
        containers: [{ name: 'app', image: 'busybox', resources: { limits: { memory: '64Mi' } } }],
      },
    },
  },
};

/** Whether the pod registration stands with its entry and its owner: the healthy state other tests expect. */
export function registrationHealthy(): boolean {
  try {
    const cfg = JSON.parse(
      kubectlAs('viewer', ['get', 'mutatingwebhookconfiguration', 'kyverno-resource-mutating-webhook-cfg', '-o', 'json']),
    ) as {
      webhooks?: Array<{ name: string }>;
      metadata: { ownerReferences?: Array<{ name: string }> };
    };
    return Boolean(
      cfg.webhooks?.some((w) => w.name === 'mpol.validate.kyverno.svc-fail') &&
      cfg.metadata.ownerReferences?.some((o) => o.name === 'kyverno-prd:webhook'),
    );
  } catch {
    return false;
  }
}
