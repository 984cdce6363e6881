// Two memdash processes on one PostgreSQL with the recorder's Lease: one records, the other serves. The leader is
// killed (SIGKILL: no clean shutdown, no released Lease); while nobody records, the table changes twice and the pod
// webhook's registration is deleted (Kyverno's stand-in registers it again within 10 s). The other process must take
// over within the lease's time, and the store must then hold each table version and the registration's gap exactly
// once. Expected values come from what the test wrote with kubectl, never from memdash.
import { afterAll, describe, expect, it } from 'vitest';
import { kubeconfig, kubectl, kubectlJson, patchTableRow, requirePodWebhook, until, POD_REGISTRATION } from '../integration/cluster.ts';
import { clusterNameFor, newTestStore, type TestStore } from '../stores.ts';
import { startMemdash, type RunningMemdash } from '../security/server.ts';

const LEASE_SECONDS = 5;
const LEASE = `memdash-recorder-test-${process.pid}`;
const ROW = 'development_memdash-lease-test_app';

const { openHistoryDb } = await import('@/lib/history/db');
const { listVersions, readVersion } = await import('@/lib/history/store');
const { listRegistrationObservations } = await import('@/lib/history/observations');

const patchRow = (value: string | null) => patchTableRow(ROW, value);

const started = Date.now();
const step = (what: string) => console.log(`${((Date.now() - started) / 1000).toFixed(1)} s: ${what}`);

async function isLeader(m: RunningMemdash): Promise<boolean> {
  // a fresh connection each time: a kept-alive one that the server closes as it is reused fails the fetch
  const answer = await fetch(`http://127.0.0.1:${m.port}/metrics`, { headers: { connection: 'close' } });
  return /^memdash_recorder_leader\{cluster="[^"]+"\} 1$/m.test(await answer.text());
}

describe('the recorder’s Lease on PostgreSQL', () => {
  let store: TestStore;
  const replicas: RunningMemdash[] = [];
  afterAll(async () => {
    await Promise.all(replicas.map((r) => r.stop()));
    try {
      patchRow(null);
    } catch {
      // already gone
    }
    kubectl(['-n', 'development', 'delete', 'lease', LEASE, '--ignore-not-found'], 'admin');
    await store?.remove();
  });

  it(
    'lets one replica record, and the other take over a killed leader without losing or doubling anything',
    { timeout: 480_000 },
    async () => {
      requirePodWebhook();
      store = await newTestStore('postgres');
      const env = {
        DATABASE_URL: store.location,
        MEMDASH_RECORDER_LEASE: `development/${LEASE}`,
        MEMDASH_RECORDER_LEASE_SECONDS: String(LEASE_SECONDS),
      };
      replicas.push(...(await Promise.all([startMemdash(env), startMemdash(env)])));
      step('both replicas answer /healthz');
      const [leader, other] = await until('one leader', async () => {
        const leading = await Promise.all(replicas.map(isLeader));
        if (leading.filter(Boolean).length !== 1) return null;
        return leading[0] ? [replicas[0]!, replicas[1]!] : [replicas[1]!, replicas[0]!];
      });
      expect(await isLeader(other)).toBe(false);
      step(`replica on port ${leader.port} leads`);
      const db = await openHistoryDb(store.location, await clusterNameFor(kubeconfig('viewer'))); // the replicas' cluster
      try {
        const rowsSeen = async () => {
          const versions = await listVersions(db);
          return Promise.all(versions.map(async (v) => (await readVersion(db, v.id))?.data?.[ROW] ?? null));
        };
        await until('the leader’s first version', async () => (await listVersions(db)).length > 0);
        patchRow('101Mi');
        await until('101Mi recorded by the leader', async () => (await rowsSeen()).includes('101Mi'));
        step('101Mi recorded');

        const lease = () =>
          kubectlJson<{ spec: { holderIdentity: string; renewTime: string; acquireTime: string; leaseTransitions: number } }>([
            '-n',
            'development',
            'get',
            'lease',
            LEASE,
          ]).spec;
        const beforeKill = lease();
        await leader.stop('SIGKILL');
        const killedAt = Date.now();
        const before = (await listRegistrationObservations(db)).length;
        patchRow('102Mi');
        kubectl(['delete', 'mutatingwebhookconfiguration', POD_REGISTRATION], 'admin');
        patchRow('103Mi');

        await until('the other replica to lead', () => isLeader(other), 30_000);
        const takeoverMs = Date.now() - killedAt;
        console.log(`took over ${(takeoverMs / 1000).toFixed(1)} s after the leader was killed (lease ${LEASE_SECONDS} s)`);
        // On the Lease itself: the new holder acquired it within the lease's time (plus a renewal period each side) of
        // the killed holder's last renewal; the wall time above also counts this loaded machine's kubectl calls.
        const after = lease();
        expect(after.holderIdentity).not.toBe(beforeKill.holderIdentity);
        expect(after.leaseTransitions).toBe(beforeKill.leaseTransitions + 1);
        const handover = Date.parse(after.acquireTime) - Date.parse(beforeKill.renewTime);
        console.log(`acquired ${(handover / 1000).toFixed(1)} s after the last renewal read before the kill`);
        expect(handover).toBeLessThan((LEASE_SECONDS + 2) * 1000);
        expect(takeoverMs).toBeLessThan(60_000);

        await until(
          'the registration back in the cluster',
          () => kubectl(['get', 'mutatingwebhookconfiguration', '--ignore-not-found', '-o', 'name']).includes(POD_REGISTRATION),
          60_000,
        );
        step('registration back');
        await until('103Mi recorded by the new leader', async () => (await rowsSeen()).includes('103Mi'), 60_000);
        step('103Mi recorded');
        const observed = await until(
          'the registration’s gap recorded',
          async () => {
            const after = (await listRegistrationObservations(db)).slice(before);
            return after.some((o) => !o.present) && after[after.length - 1]?.present ? after : null;
          },
          60_000,
        );

        const ours = (await rowsSeen()).filter((v) => v !== null);
        expect(ours).toEqual(['101Mi', '102Mi', '103Mi']);
        expect(observed.map((o) => o.present)).toEqual([false, true]);
        const all = await listRegistrationObservations(db);
        for (let i = 1; i < all.length; i++) {
          const [a, b] = [all[i - 1]!, all[i]!];
          expect([a.present, a.uid, a.owner, a.failurePolicy]).not.toEqual([b.present, b.uid, b.owner, b.failurePolicy]);
        }
      } finally {
        await db.kysely.destroy();
      }
    },
  );
});
