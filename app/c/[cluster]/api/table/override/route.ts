import { overrideBody } from '@/lib/http/params';
import { guardedWrite } from '@/lib/http/write-guard';
import { overrideTheGuard } from '@/lib/views/table-override';

export const dynamic = 'force-dynamic';

/**
 * The runbook's "Making it take a table its guard refuses", in its order: save the table (a version in the history
 * store, and the file returned for download), remove its data (JSON patch), run the snapshot at once.
 * Body: {confirm: "<table name>", resourceVersion: "<the table's, as the page showed it>"}. Only after a "fewer than
 * half" refusal of the last run, while no run is active, and on the table shown (409 otherwise).
 */
export const POST = guardedWrite({
  action: 'table.override',
  body: overrideBody,
  target: (_body, { facts }) => `${facts.kyvernoNamespace}/configmap/${facts.tableConfigMap}`,
  run: async ({ cluster, body, k, now }) => {
    const done = await overrideTheGuard(cluster, k, body, now);
    return {
      status: 201,
      json: done,
      detail: `saved ${done.fileName} (${done.rows} rows) as version ${done.savedVersion}, removed /data, created Job ${done.job}`,
    };
  },
});
