// A history store that cannot be opened (its path runs through a file, as a wrong MEMDASH_HISTORY_PATH or a full or
// read-only volume would): the routes that are the store answer 500 with memdash's own error, and the verdicts
// still come, judged from the cluster as it is now, their limits saying what the missing history cannot tell.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { kubeconfig, podOf, requireCluster } from './cluster';

requireCluster();
process.env.KUBECONFIG = kubeconfig('viewer');
const notADirectory = join(mkdtempSync(join(tmpdir(), 'memdash-it-broken-store-')), 'a-file');
writeFileSync(notADirectory, '');
process.env.MEMDASH_HISTORY_PATH = join(notADirectory, 'memdash.sqlite');

type Explanation = import('@/lib/views/explain-types').Explanation;
const snapshots = await import('@/app/c/[cluster]/api/table/snapshots/route');
const explanation = await import('@/app/c/[cluster]/api/pods/[namespace]/[pod]/explanation/route');

describe('the history store failing', () => {
  it("GET /api/table/snapshots: 500, memdash's own fault, logged on the server and not shown in detail", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const response = await snapshots.GET();
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ error: { code: 'internal', message: 'Internal error (see the server log)' } });
      expect(logged).toHaveBeenCalledWith(
        'memdash: internal error',
        expect.objectContaining({ message: expect.stringContaining(notADirectory) }),
      );
    } finally {
      logged.mockRestore();
    }
  });

  it('the verdicts under it: payments/api is still stale, judged from the last write, and the limits say so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const pod = podOf('payments', 'api');
      const response = await explanation.GET(new Request('http://memdash.test/'), {
        params: Promise.resolve({ namespace: 'payments', pod }),
      });
      expect(response.status).toBe(200);
      const body = (await response.json()) as Explanation;
      expect(body.containers.map((c) => c.verdict)).toEqual(['stale']);
      expect(body.limits.join(' ')).toContain("Stale is judged from the table's last write only");
      expect(logged).toHaveBeenCalledWith('memdash: the history store could not be read for an explanation:', expect.any(String));
    } finally {
      logged.mockRestore();
    }
  });
});
