import { flatPartOf } from '@/lib/domain';
import { parseWorkloadRef } from '@/lib/http/params';
import { route } from '@/lib/http/route';
import { rightsOfAsker } from '@/lib/http/viewer';
import { readWorkloadMemory } from '@/lib/views/workload-memory';

export const dynamic = 'force-dynamic';

/** The workload's memory charts: Prometheus's working set, the pooled p90, the row over time (WorkloadMemoryJson). */
export const GET = route<{ namespace: string; workload: string }>(async (request, params) =>
  Response.json(flatPartOf(await readWorkloadMemory(parseWorkloadRef(params), rightsOfAsker(request.headers)))),
);
