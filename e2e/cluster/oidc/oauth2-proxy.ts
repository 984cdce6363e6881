// oauth2-proxy v7.15.6 (built from its Go module, lib/binaries.ts) against our OpenID Provider, started by the test
// that needs it, on a free loopback port, and stopped by it: each test chooses its own upstream.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { oauth2ProxyBin, state } from '../lib/paths.ts';
import { pki } from '../lib/pki.ts';
import { freePort } from '../lib/ports.ts';
import { waitFor } from '../lib/processes.ts';
import { ensureSigninParts } from '../lib/binaries.ts';
import type { ClusterState } from '../lib/state.ts';
import { GROUPS_CLAIM, issuerUrl, oidcSecrets, SCOPES } from './provider.ts';

export interface RunningProxy {
  url: string;
  stop(): Promise<void>;
}

/** `upstream`: where signed-in requests go; by default oauth2-proxy answers them itself with 202. */
export async function startOauth2Proxy(current: ClusterState, upstream = 'static://202'): Promise<RunningProxy> {
  ensureSigninParts(['oauth2-proxy']);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(state('logs'), { recursive: true });
  const log = openSync(state('logs', 'oauth2-proxy.log'), 'a');
  const child = spawn(
    oauth2ProxyBin,
    [
      '--provider=oidc',
      `--oidc-issuer-url=${issuerUrl(current)}`,
      `--provider-ca-file=${pki('ca.crt')}`,
      '--client-id=oauth2-proxy',
      `--redirect-url=${url}/oauth2/callback`,
      `--http-address=127.0.0.1:${port}`,
      `--upstream=${upstream}`,
      `--scope=${SCOPES.join(' ')}`,
      `--oidc-groups-claim=${GROUPS_CLAIM}`,
      '--code-challenge-method=S256',
      '--email-domain=*',
      '--set-xauthrequest',
      '--skip-provider-button',
      '--cookie-secure=false', // plain http on loopback
    ],
    {
      stdio: ['ignore', log, log],
      // the secrets in its environment, not on its command line where ps shows them
      env: {
        ...process.env,
        OAUTH2_PROXY_CLIENT_SECRET: oidcSecrets().clients['oauth2-proxy'],
        OAUTH2_PROXY_COOKIE_SECRET: randomBytes(16).toString('hex'),
      },
    },
  );
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  };
  const ping = async () => (await fetch(`${url}/ping`, { signal: AbortSignal.timeout(2000) })).ok;
  if (!(await waitFor(ping, 30_000, 200))) {
    await stop();
    throw new Error(`oauth2-proxy did not answer ${url}/ping in 30 s; see ${state('logs', 'oauth2-proxy.log')}`);
  }
  return { url, stop };
}
