// The headers every response carries (next.config.mjs applies them to everything Next serves; before-next.ts to its
// own answers). No imports: next.config.mjs loads this in plain Node.

// Next's App Router writes its flight data and hydration as inline scripts, and recharts and the layout use style
// attributes, so inline scripts and styles are allowed; nothing else comes from outside memdash. frame-ancestors
// 'none' (with X-Frame-Options for older browsers) keeps the probe and write buttons out of another site's frame.
function contentSecurityPolicy(dev: boolean): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'unsafe-inline'${dev ? " 'unsafe-eval'" : ''}`, // React's dev tools eval; production never does
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function securityHeaders(dev = process.env.NODE_ENV === 'development'): Array<{ key: string; value: string }> {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(dev) },
    { key: 'X-Frame-Options', value: 'DENY' },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    // same-origin: other sites get no Referer (no path, no query, not even memdash's host), while memdash's own
    // forms keep a real Origin. Under no-referrer a browser sends `Origin: null` with a form's POST, and the header's
    // Sign out, a plain form, was refused as if another site had sent it.
    { key: 'Referrer-Policy', value: 'same-origin' },
    { key: 'Cross-Origin-Opener-Policy', value: 'same-origin' },
  ];
}

/** Answers that hold cluster state (the API's JSON and CSV, the health routes): never kept by a cache. */
export const NO_STORE_PATHS = ['/api/:path*', '/c/:cluster/api/:path*', '/healthz', '/readyz', '/metrics'];

/** The HTTP methods any route of memdash serves; others get 405 (lib/server/before-next.ts). */
export const SERVED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
