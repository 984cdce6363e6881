import { errorResponse } from '@/lib/errors';
import { readDrill } from '@/lib/views/break-glass';

export const dynamic = 'force-dynamic';

/** The drill's steps and checks, from the cluster and the history store. */
export async function GET(): Promise<Response> {
  try {
    return Response.json(await readDrill());
  } catch (err) {
    return errorResponse(err);
  }
}
