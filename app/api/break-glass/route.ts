import { errorResponse } from '@/lib/errors';
import { readBreakGlass } from '@/lib/views/break-glass';

export const dynamic = 'force-dynamic';

/** The break-glass's evidence and each step's status, from the cluster and the history store (for scripts too). */
export async function GET(): Promise<Response> {
  try {
    return Response.json(await readBreakGlass());
  } catch (err) {
    return errorResponse(err);
  }
}
