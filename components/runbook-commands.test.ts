import { describe, expect, it } from 'vitest';
import { podCommands } from './runbook-commands';

const settings = {
  kubectl: 'cexec iac kubectl',
  kyvernoNamespace: 'kyverno-prd',
  tableConfigMap: 'memory-requests',
  mutatingPolicy: 'memory-requests',
  globalContextEntry: 'memory-requests',
  admissionPodSelector: 'app.kubernetes.io/component=admission-controller',
};

describe('podCommands', () => {
  it("fills in the runbook's commands for a pod with a workload", () => {
    const commands = podCommands({ namespace: 'shop', pod: 'web-7d9f8c-abcde', workload: 'web' }, settings);
    expect(commands[0]!.command).toBe(
      `cexec iac kubectl -n shop get pod web-7d9f8c-abcde -o jsonpath='{range .spec.initContainers[*]}{.name} (init): ` +
        `{.resources.requests.memory}, limit {.resources.limits.memory}{"\\n"}{end}{range .spec.containers[*]}{.name}: ` +
        `{.resources.requests.memory}, limit {.resources.limits.memory}{"\\n"}{end}'`,
    );
    expect(commands[1]!.command).toBe(
      `cexec iac kubectl -n shop get pod web-7d9f8c-abcde -o jsonpath='{.metadata.creationTimestamp} ` +
        `{.metadata.ownerReferences[?(@.controller==true)].kind}/{.metadata.ownerReferences[?(@.controller==true)].name}{"\\n"}'`,
    );
    expect(commands[2]!.command).toBe(
      `cexec iac kubectl -n kyverno-prd get configmap memory-requests -o json \\\n` +
        `  | jq -r --arg p "shop_web_" '.data // {} | to_entries[] | select(.key | startswith($p)) | "\\(.key) \\(.value)"'`,
    );
  });

  it('leaves out the rows command when the pod has no workload', () => {
    const commands = podCommands({ namespace: 'development', pod: 'debug-shell', workload: null }, settings);
    expect(commands.some((c) => c.command.includes('jq'))).toBe(false);
    expect(commands[0]!.command).toContain('-n development get pod debug-shell');
  });

  it('uses the configured kubectl and Kyverno names', () => {
    const commands = podCommands({ namespace: 'a', pod: 'b', workload: 'c' }, { ...settings, kubectl: 'kubectl', kyvernoNamespace: 'kyverno' });
    expect(commands.every((c) => c.command.startsWith('kubectl '))).toBe(true);
    expect(commands[2]!.command).toContain('kubectl -n kyverno get configmap memory-requests');
  });
});
