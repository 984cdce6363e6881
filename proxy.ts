// Runs before every route, static files included: memdash answers only the hosts its settings name (a DNS-rebound
// name gets 421 before any page or route runs), and only the HTTP methods it serves (PROPFIND and the like get 405;
// TRACE, and bodies without a length or past the limit, are answered earlier: see lib/server/before-next.ts).
import { NextResponse, type NextRequest } from 'next/server';
import { AppError } from '@/lib/errors';
import { SERVED_METHODS as METHODS, securityHeaders } from '@/lib/http/headers';
import { MAX_JSON_BODY_BYTES } from '@/lib/http/limits';
import { hostProblem } from '@/lib/http/origin';

export function proxy(request: NextRequest): NextResponse {
  const misdirected = hostProblem(request.headers);
  if (misdirected) return refusal(misdirected);
  if (!METHODS.includes(request.method)) {
    return refusal(new AppError('method-not-allowed', `memdash does not answer ${request.method}`), { allow: METHODS.join(', ') });
  }
  const tooBig = bodyProblem(request.headers);
  if (tooBig) return refusal(tooBig);
  return NextResponse.next();
}

// Next copies a request body for the proxy before any route runs, and a chunked upload past its buffer leaves the
// request hanging. So a body must say its length, and a length above what any route reads is refused here, unread.
function bodyProblem(headers: Headers): AppError | null {
  const length = headers.get('content-length');
  if (length === null) {
    return headers.has('transfer-encoding') ? new AppError('length-required', 'Send the body with a Content-Length') : null;
  }
  const bytes = Number(length);
  return bytes > MAX_JSON_BODY_BYTES ? new AppError('too-large', `The body is larger than ${MAX_JSON_BODY_BYTES} bytes`) : null;
}

function refusal(error: AppError, extra: Record<string, string> = {}): NextResponse {
  const response = NextResponse.json(error.toBody(), { status: error.status, headers: { 'cache-control': 'no-store', ...extra } });
  for (const { key, value } of securityHeaders()) response.headers.set(key, value);
  return response;
}
