import { describe, expect, it } from 'vitest';
import type { ProbeAnswer } from '@/lib/domain';
import type { Cluster } from '@/lib/cluster/cluster';
import { factsFromSettings } from '@/lib/cluster/facts';
import { loadSettings } from '@/lib/config';
import { limitedProbe, probeNow } from './probe';

// The limiter alone, around a counted stand-in for the dry run: what is tested is how often it calls, not the probe.
function counted(ms = 20) {
  let calls = 0;
  const run = async (): Promise<ProbeAnswer> => {
    calls++;
    const at = new Date(1_700_000_000_000 + calls * 1000).toISOString();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return { outcome: 'admitted', at, meaning: '', message: null } as unknown as ProbeAnswer;
  };
  return { run, calls: () => calls };
}

describe('limitedProbe', () => {
  it('runs one probe for 30 requests at once, and every request gets its answer', async () => {
    const c = counted();
    const probe = limitedProbe(c.run, () => 5000);
    const answers = await Promise.all(Array.from({ length: 30 }, () => probe()));
    expect(c.calls()).toBe(1);
    expect(new Set(answers.map((a) => a.at)).size).toBe(1);
  });

  it('answers with the last result within the minimum interval, and probes again after it', async () => {
    let now = 0;
    const c = counted(1);
    const probe = limitedProbe(
      c.run,
      () => 5000,
      () => now,
    );
    const first = await probe();
    now = 4999;
    expect(await probe()).toBe(first);
    expect(c.calls()).toBe(1);
    now = 5000;
    expect((await probe()).at).not.toBe(first.at);
    expect(c.calls()).toBe(2);
  });

  it('shares a failure too, so an unreachable API server is not asked once per request', async () => {
    let calls = 0;
    const probe = limitedProbe(
      async () => {
        calls++;
        throw new Error('unreachable');
      },
      () => 5000,
    );
    await expect(Promise.all([probe(), probe()])).rejects.toThrow('unreachable');
    await expect(probe()).rejects.toThrow('unreachable');
    expect(calls).toBe(1);
  });
});

describe('limitedProbe, asked for a fresh probe (the break-glass step)', () => {
  it('never takes a probe started before it was asked, and still runs one at a time, one per interval', async () => {
    const c = counted(30);
    const probe = limitedProbe(c.run, () => 100);
    const started = Date.now();
    const before = probe(); // the webhook page's, in flight
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fresh = await Promise.all([probe({ fresh: true }), probe({ fresh: true }), probe({ fresh: true })]);
    expect(c.calls()).toBe(2);
    expect(new Set(fresh.map((a) => a.at)).size).toBe(1);
    expect(fresh[0]!.at).not.toBe((await before).at);
    // the second started only after the interval from the first
    expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    // a request that takes what there is, meanwhile, gets the fresh one without a third probe
    expect((await probe()).at).toBe(fresh[0]!.at);
    expect(c.calls()).toBe(2);
  });
});

describe('probeNow: one limiter per cluster', () => {
  // Two clusters whose probe pods have the same names: each dry run is counted where it was sent, and what it asked.
  function clusterOf(name: string, probeNamespace: string) {
    const sent: string[] = [];
    const core = {
      createNamespacedPod: async ({ namespace }: { namespace: string }) => {
        sent.push(namespace);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return {};
      },
    };
    const facts = { ...factsFromSettings(loadSettings({})), probeNamespace };
    const cluster = { name, facts, clients: () => ({ core }) } as unknown as Cluster;
    return { cluster, sent };
  }

  it("probes each cluster with its own facts, and never hands one cluster's answer to another", async () => {
    const prd = clusterOf('prd', 'development');
    const stg = clusterOf('stg', 'staging');
    await Promise.all([probeNow(prd.cluster), probeNow(stg.cluster), probeNow(prd.cluster), probeNow(stg.cluster)]);
    expect(prd.sent).toEqual(['development']);
    expect(stg.sent).toEqual(['staging']);
  });
});
