import { errorResponse } from '@/lib/http/errors';
import { readClients } from '@/lib/k8s/client';
import { findPods, parsePodSearch } from '@/lib/views/pods';

export const dynamic = 'force-dynamic';

/** Pods by namespace and name fragment, for the Ctrl/Cmd-K jump: ?namespace=&name=&limit= */
export async function GET(request: Request): Promise<Response> {
  try {
    const search = parsePodSearch(Object.fromEntries(new URL(request.url).searchParams), 20);
    return Response.json(await findPods(readClients(), search));
  } catch (err) {
    return errorResponse(err);
  }
}
