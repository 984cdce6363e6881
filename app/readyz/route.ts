import { errorResponse } from '@/lib/http/errors';
import { readiness } from '@/lib/k8s/health';

// Readiness: the API server answers memdash's read credential.
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  try {
    return Response.json(await readiness());
  } catch (err) {
    return errorResponse(err);
  }
}
