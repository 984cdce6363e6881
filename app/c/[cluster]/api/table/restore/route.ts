import { restoreBody } from '@/lib/http/params';
import { guardedWrite } from '@/lib/http/write-guard';
import { restoreTable } from '@/lib/views/table-restore';

export const dynamic = 'force-dynamic';

/**
 * Puts a saved table back: a merge patch of its {data} (rows it lacks named null), as the runbook's restore does.
 * Body: {versionId} (a recorded version) or {fileName, content} (a saved file), with the resourceVersion of the
 * table its diff was shown against (409 when the table moved since). Answers {rows, identical}.
 */
export const POST = guardedWrite({
  action: 'table.restore',
  body: restoreBody,
  target: (body, { facts }) =>
    `${facts.kyvernoNamespace}/configmap/${facts.tableConfigMap} from ${'versionId' in body ? `version ${body.versionId}` : body.fileName}`,
  run: async ({ cluster, body, k }) => {
    const done = await restoreTable(cluster, k, body);
    return {
      json: { rows: done.rows, identical: done.identical },
      detail: `restored ${done.label}: ${done.rows} rows${done.identical ? '' : ', NOT identical to the saved data'}`,
    };
  },
});
