import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HOSTILE } from '@/lib/domain/__fixtures__/hostile';
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
        `  | jq -r --arg p shop_web_ '.data // {} | to_entries[] | select(.key | startswith($p)) | "\\(.key) \\(.value)"'`,
    );
  });

  it('leaves out the rows command when the pod has no workload', () => {
    const commands = podCommands({ namespace: 'development', pod: 'debug-shell', workload: null }, settings);
    expect(commands.some((c) => c.command.includes('jq'))).toBe(false);
    expect(commands[0]!.command).toContain('-n development get pod debug-shell');
  });

  it('uses the configured kubectl and Kyverno names', () => {
    const commands = podCommands(
      { namespace: 'a', pod: 'b', workload: 'c' },
      { ...settings, kubectl: 'kubectl', kyvernoNamespace: 'kyverno' },
    );
    expect(commands.every((c) => c.command.startsWith('kubectl '))).toBe(true);
    expect(commands[2]!.command).toContain('kubectl -n kyverno get configmap memory-requests');
  });
});

describe('podCommands with names from a hostile cluster', () => {
  it('builds no rows command from a workload that is no Kubernetes name (an ownerReference may hold any text)', () => {
    for (const workload of HOSTILE) {
      const commands = podCommands({ namespace: 'shop', pod: 'web-1', workload }, settings);
      expect(commands.some((c) => c.command.includes('jq'))).toBe(false);
    }
  });

  it('builds no command at all for a namespace or pod that is no Kubernetes name', () => {
    for (const bad of HOSTILE) {
      expect(podCommands({ namespace: bad, pod: 'web-1', workload: 'web' }, settings)).toEqual([]);
      expect(podCommands({ namespace: 'shop', pod: bad, workload: 'web' }, settings)).toEqual([]);
    }
  });

  it('hands a real shell every value as one word: each command run with kubectl and jq replaced by printf', () => {
    const commands = podCommands({ namespace: 'shop', pod: 'web-1', workload: 'web' }, { ...settings, kubectl: "printf '%s\\0'" });
    const words = (command: string) =>
      execFileSync('/bin/sh', ['-c', command.replace('| jq', "| printf '%s\\0'")], { encoding: 'utf8' })
        .split('\0')
        .slice(0, -1);
    expect(words(commands[0]!.command).slice(0, 5)).toEqual(['-n', 'shop', 'get', 'pod', 'web-1']);
    expect(words(commands[0]!.command)[6]).toMatch(/^jsonpath=\{range .spec.initContainers/);
    expect(words(commands[2]!.command).slice(0, 3)).toEqual(['-r', '--arg', 'p']);
    expect(words(commands[2]!.command)[3]).toBe('shop_web_');
    expect(words(commands[2]!.command)[4]).toBe('.data // {} | to_entries[] | select(.key | startswith($p)) | "\\(.key) \\(.value)"');
  });
});
