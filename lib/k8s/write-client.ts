import 'server-only';
import { KubeConfig, type Cluster, type User } from '@kubernetes/client-node';
import { AppError } from '@/lib/http/errors';
import type { WriteCredential } from '@/lib/write-credential';
import { clientsFor, readKubeConfig, type KubeClients } from './client';

// The per-request write client. Usage (the write guard does this; routes get the clients from it):
//   const kc = writeKubeConfig(credential);      // refuses a bad kubeconfig before anything connects
//   const k = clientsFor(kc);                    // used for this one request, then dropped
//   const actor = await actorOf(k);              // "operator", or "unknown"
// The write always goes to the read cluster's server with the read cluster's CA: a kubeconfig contributes only its
// user's secret, so it can neither point memdash elsewhere (SSRF) nor make it run a command or read a file.

/** Builds the KubeConfig of one write from the operator's credential; throws a 400 naming what is refused. */
export function writeKubeConfig(credential: WriteCredential, read: KubeConfig = readKubeConfig()): KubeConfig {
  const cluster = read.getCurrentCluster();
  if (!cluster) throw new AppError('internal', "memdash's read kubeconfig has no current cluster");
  const user =
    credential.kind === 'token' ? tokenUser(credential.token) : kubeconfigUser(credential.kubeconfig, credential.fileName, cluster);
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [cluster],
    users: [user],
    contexts: [{ name: 'write', cluster: cluster.name, user: user.name }],
    currentContext: 'write',
  });
  return kc;
}

function tokenUser(token: string): User {
  const trimmed = token.trim();
  // A header value cannot hold control characters; a token with spaces is a paste of something else.
  if (!/^[\x21-\x7e]{1,8192}$/.test(trimmed))
    throw new AppError('bad-request', 'The write token is not a bearer token (printable characters, no spaces)');
  return { name: 'write', token: trimmed };
}

/** The kubeconfig's current user, refused when it would run a command, read a file, or talk to another server. */
function kubeconfigUser(text: string, fileName: string, readCluster: Cluster): User {
  const kc = new KubeConfig();
  try {
    kc.loadFromString(text); // parses only; nothing in it runs or connects here
  } catch {
    // The parser's message quotes the file around the fault, which may be the secret itself: never pass it on.
    throw new AppError('bad-request', `${fileName} is not a kubeconfig (its YAML could not be read)`);
  }
  const context = kc.getContextObject(kc.getCurrentContext());
  if (!context) throw new AppError('bad-request', `${fileName} has no current-context`);
  const cluster = kc.getCluster(context.cluster);
  const user = kc.getUser(context.user);
  if (!cluster || !user)
    throw new AppError('bad-request', `${fileName}: context ${context.name} names a cluster or user the file does not hold`);
  const problem = userProblem(user) ?? serverProblem(cluster.server, readCluster.server);
  if (problem) throw new AppError('bad-request', `${fileName} refused: ${problem}`);
  const { token, certData, keyData, username, password } = user;
  if (!token && !(certData && keyData) && !(username && password)) {
    throw new AppError('bad-request', `${fileName} refused: its user ${user.name} holds no token, client certificate or password`);
  }
  return { name: 'write', token, certData, keyData, username, password };
}

function userProblem(user: User): string | null {
  if (user.exec) return `its user ${user.name} runs a command (exec); memdash never runs commands from a kubeconfig`;
  if (user.authProvider) return `its user ${user.name} uses an auth-provider; give a kubeconfig with a token or client certificate`;
  if (user.certFile || user.keyFile) return `its user ${user.name} names certificate files on disk; embed them (client-certificate-data)`;
  return null;
}

/** Null when both URLs name the same scheme, host, port and path; the read server's URL is never shown twice. */
export function serverProblem(server: string, readServer: string): string | null {
  if (sameServer(server, readServer)) return null;
  return `it names the server ${server}, but memdash writes only to the cluster it reads (${readServer})`;
}

function sameServer(a: string, b: string): boolean {
  const canonical = (s: string) => {
    const url = new URL(s);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return `${url.protocol}//${url.hostname.toLowerCase()}:${port}${url.pathname.replace(/\/+$/, '')}`;
  };
  try {
    return canonical(a) === canonical(b);
  } catch {
    return false;
  }
}

/** Clients acting with the write credential for this one request. */
export function writeClients(kc: KubeConfig, signal?: AbortSignal): KubeClients {
  return clientsFor(kc, undefined, signal);
}

/** Who the credential is, from a SelfSubjectReview; "unknown" when the cluster will not say. */
export async function actorOf(k: KubeClients): Promise<string> {
  try {
    const review = await k.authentication.createSelfSubjectReview({
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
    });
    return review.status?.userInfo?.username || 'unknown';
  } catch {
    return 'unknown';
  }
}
