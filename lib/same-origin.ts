// A route that acts on the cluster (the probe now, the writes later) answers only pages served by memdash itself:
// a cross-site form or fetch cannot make it act. No 'server-only': it reads only the Request.
import { AppError } from '@/lib/http/errors';

/** Throws a 403 unless the request's Origin is this server's own. */
export function assertSameOrigin(request: Request): void {
  const origin = request.headers.get('origin');
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (!originHost || !host || originHost !== host) {
    throw new AppError('forbidden', `This action only answers memdash's own pages (Origin ${origin ?? 'missing'})`);
  }
}
