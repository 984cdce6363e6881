import { errorResponse } from '@/lib/http/errors';
import { readWorkloadMemory } from '@/lib/views/workload-memory';

export const dynamic = 'force-dynamic';

/** The workload's memory charts: Prometheus's working set, the pooled p90, the row over time. */
export async function GET(_request: Request, { params }: { params: Promise<{ namespace: string; workload: string }> }): Promise<Response> {
  try {
    return Response.json(await readWorkloadMemory(await params));
  } catch (err) {
    return errorResponse(err);
  }
}
