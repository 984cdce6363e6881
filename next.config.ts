import type { NextConfig } from 'next';
import { loadSettings } from './lib/config';
import { NO_STORE_PATHS, securityHeaders } from './lib/http/headers';
import { PROXY_BODY_BUFFER_BYTES } from './lib/http/limits';

// Validate every MEMDASH_* setting before Next.js serves or builds anything: a bad one stops start-up here,
// naming the variable, instead of failing on the first page that needs it.
loadSettings(process.env);

const nextConfig: NextConfig = {
  // client-node loads optional transports (ws, socks) at run time; bundling it gains nothing on the server.
  serverExternalPackages: ['@kubernetes/client-node'],
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
