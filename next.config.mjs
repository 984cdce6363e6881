// Plain JavaScript, loaded by Node itself. To build (and in dev) it imports two modules that are TypeScript, which
// Node runs as it is (type stripping), so they import nothing without its extension.
//
// `next start` only serves what was built: the headers come from the build's routes manifest, and the rest of the
// configuration is what the build recorded (.next/required-server-files.json). Loading the TypeScript here would load Node's
// type stripper (a WebAssembly compiler, resident for the server's life) and a second zod into the server for nothing. The
// settings are checked there by instrumentation.ts instead, before the server answers.
import { readFileSync } from 'node:fs';
import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';

/** @type {(phase: string) => Promise<import('next').NextConfig>} */
export default async function nextConfig(phase) {
  if (phase === PHASE_PRODUCTION_SERVER) {
    const built = builtConfig();
    if (built) return built;
  }
  return sourceConfig();
}

/**
 * What this file set when the project was built, as the build recorded it (Next's whole normalized configuration is
 * not valid input to itself), or null before a build (Next then says there is no build to start).
 */
function builtConfig() {
  let built;
  try {
    built = JSON.parse(readFileSync(new URL('./.next/required-server-files.json', import.meta.url), 'utf8')).config;
  } catch {
    return null;
  }
  const { serverExternalPackages, output, poweredByHeader, typedRoutes } = built;
  return { serverExternalPackages, output: output ?? undefined, poweredByHeader, typedRoutes };
}

async function sourceConfig() {
  const { loadSettings } = await import('./lib/config.ts');
  const { NO_STORE_PATHS, securityHeaders } = await import('./lib/http/headers.ts');

  // Validate every MEMDASH_* setting before Next.js builds or serves anything: a bad one stops it here, naming the
  // variable, instead of failing on the first page that needs it.
  loadSettings(process.env);
  const buildOnce = process.env.MEMDASH_BUILD_ONCE === '1';

  return {
    // client-node loads optional transports (ws, socks) at run time; bundling it gains nothing on the server.
    // prom-client keeps its registry in its module: one copy for instrumentation and every route. pg's optional
    // native binding is loaded (or not) by Node, never resolved by the bundler.
    serverExternalPackages: ['@kubernetes/client-node', 'prom-client', 'pg'],
    // The image (Dockerfile) runs Next's standalone server; `next start` here and in the tests runs the usual build.
    output: process.env.MEMDASH_STANDALONE === '1' ? 'standalone' : undefined,
    poweredByHeader: false,
    typedRoutes: false,
    // MEMDASH_BUILD_ONCE=1 (scripts/test.sh's builds): its typecheck group checks the same tree, and the clone is built
    // once, so the build neither checks the types again nor writes Turbopack's cache for a next build that never comes.
    typescript: { ignoreBuildErrors: buildOnce },
    experimental: { turbopackFileSystemCacheForBuild: !buildOnce },
    // Every response, pages, API JSON, CSV exports and static files alike (see lib/http/headers.ts).
    async headers() {
      return [
        { source: '/:path*', headers: securityHeaders() },
        ...NO_STORE_PATHS.map((source) => ({ source, headers: [{ key: 'Cache-Control', value: 'no-store' }] })),
      ];
    },
  };
}
