import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeHeader, RIGHTS_BY_CLUSTER_HEADER, RIGHTS_HEADER } from '@/lib/auth/viewer';
import { EVERYTHING, type Rights } from '@/lib/domain/rights';
import type { Cluster } from '@/lib/cluster/cluster';

const shop: Rights = { pods: ['shop'], table: false, kyvernoLogs: false, audit: false };
const saved = { ...process.env };

// The settings are parsed once per process: each mode gets a fresh module graph with its environment.
async function viewerWith(env: Record<string, string>) {
  vi.resetModules();
  process.env = { ...saved, ...env };
  return import('./viewer');
}

const withRights = (rights: Rights) => new Headers({ [RIGHTS_HEADER]: encodeHeader(rights) });

afterEach(() => {
  process.env = { ...saved };
});

describe('rightsByClusterOfAsker', () => {
  const byCluster = { prd: shop, stage: null };
  const withByCluster = new Headers({ [RIGHTS_BY_CLUSTER_HEADER]: encodeHeader(byCluster) });

  it('reads the rights in each cluster the gate set, unknown ones (null) included', async () => {
    const proxy = await viewerWith({ MEMDASH_AUTH: 'proxy', MEMDASH_PROXY_SECRET: 'a-secret-of-sixteen-chars' });
    expect(proxy.rightsByClusterOfAsker(withByCluster, ['prd', 'stage'])).toEqual(byCluster);
  });

  it('gives everything in each cluster without the header only when nobody signs in, and refuses otherwise', async () => {
    const none = await viewerWith({ MEMDASH_AUTH: 'none' });
    expect(none.rightsByClusterOfAsker(new Headers(), ['prd', 'stage'])).toEqual({ prd: EVERYTHING, stage: EVERYTHING });
    const proxy = await viewerWith({ MEMDASH_AUTH: 'proxy', MEMDASH_PROXY_SECRET: 'a-secret-of-sixteen-chars' });
    expect(() => proxy.rightsByClusterOfAsker(new Headers(), ['prd', 'stage'])).toThrow(expect.objectContaining({ code: 'unauthorized' }));
  });

  it('with one cluster, where the gate sets no such header, takes the rights in it', async () => {
    const proxy = await viewerWith({ MEMDASH_AUTH: 'proxy', MEMDASH_PROXY_SECRET: 'a-secret-of-sixteen-chars' });
    expect(proxy.rightsByClusterOfAsker(withRights(shop), ['prd'])).toEqual({ prd: shop });
    expect(() => proxy.rightsByClusterOfAsker(new Headers(), ['prd'])).toThrow(expect.objectContaining({ code: 'unauthorized' }));
  });
});

describe('rightsOfAsker', () => {
  it('reads the rights the gate set, in every mode', async () => {
    const none = await viewerWith({ MEMDASH_AUTH: 'none' });
    expect(none.rightsOfAsker(withRights(shop))).toEqual(shop);
    const proxy = await viewerWith({ MEMDASH_AUTH: 'proxy', MEMDASH_PROXY_SECRET: 'a-secret-of-sixteen-chars' });
    expect(proxy.rightsOfAsker(withRights(shop))).toEqual(shop);
  });

  it('gives everything without the header only when nobody signs in, and refuses otherwise', async () => {
    const none = await viewerWith({ MEMDASH_AUTH: 'none' });
    expect(none.rightsOfAsker(new Headers())).toEqual(EVERYTHING);
    const proxy = await viewerWith({ MEMDASH_AUTH: 'proxy', MEMDASH_PROXY_SECRET: 'a-secret-of-sixteen-chars' });
    expect(() => proxy.rightsOfAsker(new Headers())).toThrow(expect.objectContaining({ code: 'unauthorized' }));
    expect(() => proxy.rightsOfAsker(new Headers({ [RIGHTS_HEADER]: 'forged' }))).toThrow(
      expect.objectContaining({ code: 'unauthorized' }),
    );
  });
});

describe('the checks', () => {
  it('answer a namespace they may not list pods in as not found, in the words of one that is not there', async () => {
    const { requireNamespace } = await viewerWith({});
    expect(() => requireNamespace(shop, 'shop', 'No pod shop/web-1')).not.toThrow();
    expect(() => requireNamespace(shop, 'payments', 'No pod payments/ledger-1')).toThrow(
      expect.objectContaining({ code: 'not-found', message: 'No pod payments/ledger-1' }),
    );
    expect(() => requireNamespace(EVERYTHING, 'payments', 'No pod payments/ledger-1')).not.toThrow();
  });

  // the cluster asked about, not the settings' (kyverno-prd): each cluster has its own Kyverno, table and CronJob
  const stg = {
    facts: { kyvernoNamespace: 'kyverno-stg', tableConfigMap: 'rows-stg', snapshotCronJob: 'snapshot-stg' },
  } as unknown as Pick<Cluster, 'facts'>;

  it('refuse the table, the logs and the audit with 403 naming what they lack in the cluster asked about', async () => {
    const { requireAudit, requireKyvernoLogs, requireSnapshotRuns, requireTable } = await viewerWith({
      MEMDASH_AUDIT_GROUP: 'memdash-auditors',
    });
    expect(() => requireTable(stg, shop)).toThrow(
      expect.objectContaining({
        code: 'withheld',
        message: expect.stringContaining('You may not get configmap rows-stg in kyverno-stg'),
      }),
    );
    expect(() => requireKyvernoLogs(stg, shop)).toThrow(
      expect.objectContaining({ code: 'withheld', message: expect.stringContaining('You may not get pods/log in kyverno-stg') }),
    );
    // the CronJob is what is withheld: it comes first, the right it takes after
    expect(() => requireSnapshotRuns(stg, shop)).toThrow(
      expect.objectContaining({
        code: 'withheld',
        message: expect.stringMatching(
          /^The snapshot's CronJob kyverno-stg\/snapshot-stg and its runs are withheld\. You may not get pods\/log in kyverno-stg/,
        ),
      }),
    );
    expect(() => requireSnapshotRuns(stg, EVERYTHING)).not.toThrow();
    expect(() => requireAudit(shop)).toThrow(
      expect.objectContaining({ code: 'withheld', message: expect.stringContaining('memdash-auditors') }),
    );
    expect(() => requireAudit(EVERYTHING)).not.toThrow();
    for (const check of [requireKyvernoLogs, requireTable]) expect(() => check(stg, EVERYTHING)).not.toThrow();
  });
});
