import { errorResponse } from '@/lib/http/errors';
import { readClients } from '@/lib/k8s/client';
import { readAdmissionLogs } from '@/lib/k8s/admission-logs';

export const dynamic = 'force-dynamic';

/** The admission controller's log tail, per pod (polled apart from the page: it is the biggest read). */
export async function GET(): Promise<Response> {
  try {
    return Response.json({ readAt: new Date().toISOString(), tails: await readAdmissionLogs(readClients()) });
  } catch (err) {
    return errorResponse(err);
  }
}
