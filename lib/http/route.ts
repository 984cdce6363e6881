// The one wrapper every route handler goes through: whatever it throws becomes the error mapper's JSON answer.
import { failureOf } from '@/lib/errors';

type RouteParams = Record<string, string | string[] | undefined>;

// Integration tests call a GET that reads nothing of its request as `GET()`; such a call gets a request to this URL.
const NO_REQUEST_URL = 'http://memdash.invalid/';

/**
 * A route handler whose failures are answered by `errorResponse` (status and `{error: {code, message}}`). The
 * handler gets the request and the route's dynamic segments, awaited.
 */
export function route<P extends RouteParams = RouteParams>(
  handler: (request: Request, params: P) => Promise<Response> | Response,
): (request?: Request, context?: { params: Promise<P> }) => Promise<Response> {
  return async (request, context) => {
    try {
      return await handler(request ?? new Request(NO_REQUEST_URL), ((await context?.params) ?? {}) as P);
    } catch (err) {
      return errorResponse(err);
    }
  };
}

/** The Response a route handler returns for an error: its code's status, `{error: {code, message}}`, Retry-After. */
export function errorResponse(err: unknown): Response {
  const appError = failureOf(err);
  const retry = appError.retryAfterSeconds;
  return Response.json(appError.toBody(), { status: appError.status, headers: retry ? { 'retry-after': String(retry) } : {} });
}
