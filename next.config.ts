import type { NextConfig } from 'next';
import { loadSettings } from './lib/config';

// Validate every MEMDASH_* setting before Next.js serves or builds anything: a bad one stops start-up here,
// naming the variable, instead of failing on the first page that needs it.
loadSettings(process.env);

const nextConfig: NextConfig = {
  // client-node loads optional transports (ws, socks) at run time; bundling it gains nothing on the server.
  serverExternalPackages: ['@kubernetes/client-node'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
