// The request target as memdash judges it before Next, refused when Next would read it as another path than the one
// judged. The sign-in gate, the per-client limits and the shared answers' key look at the target as it arrived;
// Next then parses it as a URL, which resolves dot segments (`/auth/../api/x` is `/api/x`, `%2e%2e` as `..`). So a
// target with a `.` or `..` segment, in any spelling, is refused (400) rather than resolved: every path memdash
// serves is written without one, and a Kubernetes name is never `.` or `..`. Next 16 answers a `\` with a redirect to
// the path spelt with `/`, and takes `%2f` and `%5c` as part of a segment; dots between those are refused all the
// same, as a proxy in front may decode them before memdash sees the request.
import { AppError } from '@/lib/errors';

/** Separators a URL parser may take between segments: `/`, `\` (as WHATWG URL does for http), and their escapes. */
const SEPARATORS = /[/\\]/;

/** Why memdash does not answer this request target, or null when it is a path it judges as Next will read it. */
export function requestTargetProblem(target: string): AppError | null {
  if (!target.startsWith('/')) return new AppError('bad-request', 'The request target must be a path: memdash is not a proxy');
  let path: string;
  try {
    path = decodeURIComponent(target.split('?', 1)[0]!);
  } catch {
    return new AppError('bad-request', 'The path is not valid percent-encoding (UTF-8, each % followed by two hex digits)');
  }
  // decoded first, so that %2e, %2E, %2f and %5c count as the dots and separators they spell
  if (path.split(SEPARATORS).some((segment) => segment === '.' || segment === '..'))
    return new AppError('bad-request', 'The path has a "." or ".." segment (perhaps percent-encoded): ask for the path itself');
  return null;
}
