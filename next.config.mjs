// Plain JavaScript, loaded by Node itself: the three modules it imports are TypeScript that Node runs as it is
// (type stripping), so they import nothing without its extension.
import { loadSettings } from './lib/config.ts';
import { NO_STORE_PATHS, securityHeaders } from './lib/http/headers.ts';
import { PROXY_BODY_BUFFER_BYTES } from './lib/http/limits.ts';

// Validate every MEMDASH_* setting before Next.js serves or builds anything: a bad one stops start-up here,
// naming the variable, instead of failing on the first page that needs it.
loadSettings(process.env);

/** @type {import('next').NextConfig} */
const nextConfig = {
  // client-node loads optional transports (ws, socks) at run time; bundling it gains nothing on the server.
  // prom-client keeps its registry in its module: one copy for instrumentation and every route. pg's optional
  // native binding is loaded (or not) by Node, never resolved by the bundler.
  serverExternalPackages: ['@kubernetes/client-node', 'prom-client', 'pg'],
  // The image (Dockerfile) runs Next's standalone server; `next start` here and in the tests runs the usual build.
  output: process.env.MEMDASH_STANDALONE === '1' ? 'standalone' : undefined,
  poweredByHeader: false,
  typedRoutes: false,
  experimental: { proxyClientMaxBodySize: PROXY_BODY_BUFFER_BYTES },
  // Every response, pages, API JSON, CSV exports and static files alike (see lib/http/headers.ts).
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders() },
      ...NO_STORE_PATHS.map((source) => ({ source, headers: [{ key: 'Cache-Control', value: 'no-store' }] })),
    ];
  },
};

export default nextConfig;
