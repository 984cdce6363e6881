// Our OpenID Provider (e2e/oidc-provider) beside the local cluster, for the sign-in tests and the demo: the test
// accounts, the clients, the provider's setup file, and the API server's structured authentication config that
// makes it trust the provider's ID tokens. Started by `cluster up --oidc` (kept in state.json until --no-oidc).
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { state } from '../lib/paths.ts';
import { pki } from '../lib/pki.ts';
import { oidcProviderBin } from '../lib/binaries.ts';
import { isRunning, logFile, startDaemon, stopDaemon, waitFor } from '../lib/processes.ts';
import { writeState, type ClusterState } from '../lib/state.ts';
import { fail, log } from '../lib/log.ts';

/** 120 groups named as a large organisation's provider names them: a sealed session too large for a cookie. */
const MANY_GROUPS: readonly string[] = Array.from({ length: 120 }, (_, i) => `org-engineering-team-${String(i + 1).padStart(3, '0')}`);

/** The test accounts: who they are at the provider. What each may read or write is RBAC's (rbac.ts). */
export const ACCOUNTS = [
  { name: 'shop-reader', groups: ['shop-team'], reads: 'namespace shop only' },
  { name: 'platform-reader', groups: ['platform'], reads: 'everything memdash shows' },
  { name: 'no-rights', groups: [], reads: 'nothing' },
  // MEMDASH_WRITE_AS_USER: writes as the harness's `operator` (prd-write) may, with their own ID token
  { name: 'platform-operator', groups: ['platform-operators'], reads: 'everything, writes as prd-write' },
  // more groups than a session cookie holds: memdash refuses the sign-in with a page saying so
  { name: 'many-groups', groups: MANY_GROUPS, reads: 'nothing: its sign-in is refused (too many groups)' },
] as const;
export type Account = (typeof ACCOUNTS)[number]['name'];

export const CLIENT_IDS = ['memdash', 'oauth2-proxy'] as const;
export type ClientId = (typeof CLIENT_IDS)[number];

/** The audience the API server accepts; every client's ID tokens carry it beside the client's own ID. */
export const KUBERNETES_AUDIENCE = 'kubernetes';
/** The claims the API server maps to the user (the provider's `sub` is the account name) and their groups. */
export const USERNAME_CLAIM = 'sub';
export const GROUPS_CLAIM = 'groups';
/** The scopes a client asks for: `groups` carries the groups claim, `offline_access` a refresh token. */
export const SCOPES = ['openid', 'profile', 'email', 'groups', 'offline_access'];

const PROCESS = 'oidc-provider';
const LOOPBACK = 'http://{127.0.0.1,localhost}:*';

/**
 * Where each client may be sent back: memdash's callback on any loopback port (the tests start it on a free one),
 * or the URIs in MEMDASH_OIDC_REDIRECT_URIS (comma-separated, globs allowed) read at `up`.
 */
function redirectURIs(client: ClientId): string[] {
  if (client === 'oauth2-proxy') return [`${LOOPBACK}/oauth2/callback`];
  const configured = process.env.MEMDASH_OIDC_REDIRECT_URIS?.split(',')
    .map((u) => u.trim())
    .filter(Boolean);
  return configured?.length ? configured : [`${LOOPBACK}/auth/callback`];
}

export const issuerUrl = (current: ClusterState): string => `https://127.0.0.1:${current.ports.oidc}`;
export const secretsFile = (): string => state('oidc', 'secrets.json');
const configFile = () => state('oidc', 'provider.json');
export const authenticationConfigFile = (): string => state('oidc', 'authentication.json');

interface Secrets {
  passwords: Record<Account, string>;
  clients: Record<ClientId, string>;
}

/** The accounts' passwords and the clients' secrets: made once per state folder, kept in a 0600 file. */
export function oidcSecrets(): Secrets {
  const kept = existsSync(secretsFile()) ? (JSON.parse(readFileSync(secretsFile(), 'utf8')) as Partial<Secrets>) : {};
  const fresh = () => randomBytes(18).toString('base64url');
  const secrets: Secrets = {
    passwords: Object.fromEntries(ACCOUNTS.map((a) => [a.name, kept.passwords?.[a.name] ?? fresh()])) as Secrets['passwords'],
    clients: Object.fromEntries(CLIENT_IDS.map((c) => [c, kept.clients?.[c] ?? fresh()])) as Secrets['clients'],
  };
  mkdirSync(state('oidc'), { recursive: true });
  writeFileSync(secretsFile(), JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  return secrets;
}

function providerConfig(current: ClusterState, secrets: Secrets): object {
  return {
    issuer: issuerUrl(current),
    listen: `127.0.0.1:${current.ports.oidc}`,
    tlsCert: pki('oidc.crt'),
    tlsKey: pki('oidc.key'),
    signingKey: pki('oidc-signing.key'),
    users: ACCOUNTS.map((a) => ({
      name: a.name,
      password: secrets.passwords[a.name],
      email: `${a.name}@memdash.test`,
      groups: a.groups,
    })),
    clients: CLIENT_IDS.map((id) => ({
      id,
      secret: secrets.clients[id],
      redirectURIs: redirectURIs(id),
      postLogoutRedirectURIs: [`${LOOPBACK}/**`],
      audiences: [KUBERNETES_AUDIENCE],
    })),
  };
}

/**
 * The API server's --authentication-config (structured authentication, GA in 1.34): one JWT authenticator for our
 * issuer, trusted over the harness's CA, names and groups taken as they are (no prefix, so RBAC binds `shop-team`),
 * and the `system:` names refused, which a token must never claim.
 */
export function writeAuthenticationConfig(current: ClusterState): string {
  const config = {
    apiVersion: 'apiserver.config.k8s.io/v1',
    kind: 'AuthenticationConfiguration',
    jwt: [
      {
        issuer: { url: issuerUrl(current), audiences: [KUBERNETES_AUDIENCE], certificateAuthority: readFileSync(pki('ca.crt'), 'utf8') },
        claimMappings: { username: { claim: USERNAME_CLAIM, prefix: '' }, groups: { claim: GROUPS_CLAIM, prefix: '' } },
        userValidationRules: [
          { expression: "!user.username.startsWith('system:')", message: 'a token may not name a system: user' },
          { expression: "user.groups.all(g, !g.startsWith('system:'))", message: 'a token may not name a system: group' },
        ],
      },
    ],
  };
  mkdirSync(state('oidc'), { recursive: true });
  writeFileSync(authenticationConfigFile(), JSON.stringify(config, null, 2) + '\n');
  return authenticationConfigFile();
}

/** Starts the provider when it is not running, or again when its setup changed; resolves once discovery answers. */
export async function ensureOidcProvider(current: ClusterState): Promise<void> {
  const config = JSON.stringify(providerConfig(current, oidcSecrets()), null, 2) + '\n';
  const changed = !existsSync(configFile()) || readFileSync(configFile(), 'utf8') !== config;
  writeFileSync(configFile(), config, { mode: 0o600 });
  const record = current.processes[PROCESS];
  const binary = oidcProviderBin();
  // a new build (its path carries the sources' hash) or a new setup: the running one is stale
  if (isRunning(record) && (changed || record!.command !== binary)) await stopDaemon(current, PROCESS);
  if (!isRunning(current.processes[PROCESS])) startDaemon(current, PROCESS, binary, [`-config=${configFile()}`]);
  else log(`${PROCESS} already running`);
  const discovery = `${issuerUrl(current)}/.well-known/openid-configuration`;
  if (!(await waitFor(async () => (await statusOf(discovery)) === 200, 30_000, 200)))
    fail(`${PROCESS} did not answer ${discovery} in 30 s; see ${logFile(PROCESS)}`);
}

/** `up --oidc` / `--no-oidc`: a change of mode restarts the API server with (or without) the provider's trust. */
export async function chooseOidc(current: ClusterState, wanted: boolean | undefined): Promise<void> {
  const mode = wanted ?? current.oidc ?? false;
  if (mode !== (current.oidc ?? false) && isRunning(current.processes['kube-apiserver'])) {
    await stopDaemon(current, 'kube-apiserver');
    log(`OpenID sign-in ${mode ? 'on' : 'off'}: the API server restarts ${mode ? 'trusting' : 'without'} the provider`);
  }
  if (!mode) await stopDaemon(current, PROCESS);
  current.oidc = mode;
  writeState(current);
}

function statusOf(url: string): Promise<number> {
  return new Promise((answer, reject) => {
    const req = request(url, { ca: readFileSync(pki('ca.crt')), timeout: 2000 }, (res) => {
      res.resume();
      answer(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}
