import { describe, expect, it } from 'vitest';
import { RUNBOOK_NAMES } from './__fixtures__/break-glass-fixtures';
import { breakGlassCommands, controlPlaneFallback, podsSinceCommand, restartCommand, type BreakGlassNames } from './break-glass-commands';

// the runbook's names, with the kubectl of a cluster reached through a wrapper (several words)
const names: BreakGlassNames = { ...RUNBOOK_NAMES, kubectl: 'cexec iac kubectl' };

describe('breakGlassCommands', () => {
  it("are the runbook's lines", () => {
    const c = breakGlassCommands(names);
    expect(c.scaleDown).toBe('cexec iac kubectl $KC -n kyverno-prd scale deployment kyverno-admission-controller --replicas=0');
    expect(c.waitPods).toBe(
      'cexec iac kubectl -n kyverno-prd wait --for=delete pod -l app.kubernetes.io/component=admission-controller --timeout=2m',
    );
    expect(c.deleteRegistrations).toBe(
      'cexec iac kubectl $KC delete mutatingwebhookconfiguration,validatingwebhookconfiguration -l webhook.kyverno.io/managed-by=kyverno',
    );
    expect(c.probe).toBe('cexec iac kubectl -n development run kyverno-probe --image=busybox --restart=Never --dry-run=server -o name');
    expect(c.scaleUp(3)).toBe('cexec iac kubectl $KC -n kyverno-prd scale deployment kyverno-admission-controller --replicas=3');
    expect(c.checkRegistration).toBe(
      "cexec iac kubectl get mutatingwebhookconfiguration kyverno-resource-mutating-webhook-cfg -o 'custom-columns=WEBHOOKS:.webhooks[*].name,OWNER:.metadata.ownerReferences[*].name'",
    );
    expect(c.saveRegistration).toContain("| jq '.metadata |= {name, labels, annotations, ownerReferences}' > kyverno-webhook.json");
  });

  it('quotes a restart target and a SINCE the operator typed', () => {
    expect(restartCommand('kubectl', 'shop', 'Deployment', 'web')).toBe('kubectl $KC -n shop rollout restart deployment/web');
    expect(restartCommand('kubectl', 'shop', 'Deployment', 'we b')).toBe("kubectl $KC -n shop rollout restart 'deployment/we b'");
    expect(podsSinceCommand('kubectl', "2026'; rm -rf ~")).toMatch(/^SINCE='2026'\\''; rm -rf ~'\n/);
    // cut to the second: "13:30:30Z" sorts before every creation time of that second, as text
    expect(podsSinceCommand('kubectl', '2026-12-01T13:30:30.064Z')).toMatch(/^SINCE=2026-12-01T13:30:30Z\n/);
  });

  it('the control-plane fallback runs on each node over ssh, every word quoted', () => {
    const [first, , third] = controlPlaneFallback(['srvk8s1', 'srvk8s2', 'srv k8s3'], names, 3);
    expect(first!.restore).toEqual([
      'ssh ansible@srvk8s1 sudo microk8s kubectl -n kyverno-prd scale deployment kyverno-admission-controller --replicas=0',
      'ssh ansible@srvk8s1 sudo microk8s kubectl -n kyverno-prd wait --for=delete pod -l app.kubernetes.io/component=admission-controller --timeout=2m',
      'ssh ansible@srvk8s1 sudo microk8s kubectl delete mutatingwebhookconfiguration,validatingwebhookconfiguration -l webhook.kyverno.io/managed-by=kyverno',
    ]);
    expect(third!.restore[0]).toMatch(/^ssh 'ansible@srv k8s3' /);
  });

  it("the fallback's restore never scales Kyverno back up; bringing it back is a block of its own", () => {
    for (const f of controlPlaneFallback(['srvk8s1', 'srvk8s2'], names, 3)) {
      expect(f.restore.join('\n')).not.toMatch(/--replicas=[1-9]/);
      expect(f.bringBack).toEqual([
        `ssh ansible@${f.node} sudo microk8s kubectl -n kyverno-prd scale deployment kyverno-admission-controller --replicas=3`,
      ]);
    }
  });
});
