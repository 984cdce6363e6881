import 'server-only';
import { KubeConfig, type Cluster as KubeCluster, type User, type V1SelfSubjectReview } from '@kubernetes/client-node';
import type { Cluster } from '@/lib/cluster/cluster';
import { AppError, clusterAnswerOf } from '@/lib/errors';
import type { WriteCredential } from '@/lib/write-credential';
import { writesTo } from './api-server-back';
import { clientsFor, nameCluster, type KubeClients } from './client';
import { NOT_A_BEARER_TOKEN, bearerToken, parseWriteKubeconfig, type InlineSecret } from './write-kubeconfig';

// The per-request write client. Usage (the write guard does this; routes get the clients from it):
//   const kc = writeKubeConfig(cluster, credential); // refuses a bad kubeconfig before anything connects
//   const k = clientsFor(kc);                    // used for this one request, then dropped
//   const actor = await actorOf(k);              // who the cluster says it is; a 401 when it does not accept it
// The write always goes to that cluster's server, as its read credential names it, with its CA: a kubeconfig contributes only its
// user's inline secret (write-kubeconfig.ts), so it can neither point memdash elsewhere (SSRF) nor make it run a
// command or read a file.

/**
 * Builds the KubeConfig of one write to `target` from the operator's credential; throws a 400 naming what is refused.
 * A pasted kubeconfig must name `target`'s API server, not the default cluster's or any other.
 */
export function writeKubeConfig(target: Cluster, credential: WriteCredential): KubeConfig {
  const read = target.kubeConfig();
  const cluster = read.getCurrentCluster();
  if (!cluster) throw new AppError('internal', `memdash's read kubeconfig of cluster ${target.name} has no current cluster`);
  const secret =
    credential.kind === 'token' ? tokenSecret(credential.token) : kubeconfigSecret(credential.kubeconfig, credential.fileName, cluster);
  const user: User = { name: 'write', ...secret };
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [cluster],
    users: [user],
    contexts: [{ name: 'write', cluster: cluster.name, user: user.name }],
    currentContext: 'write',
  });
  nameCluster(kc, target.name); // its failures counted under the cluster written to
  writesTo(kc, read); // a 403 to the write, just after its cluster's API server came back, is one to try again
  return kc;
}

function tokenSecret(token: string): InlineSecret {
  const checked = bearerToken(token);
  if (checked === null) throw new AppError('bad-request', `The write token ${NOT_A_BEARER_TOKEN}`);
  return { token: checked };
}

function kubeconfigSecret(text: string, fileName: string, readCluster: KubeCluster): InlineSecret {
  const { server, secret } = parseWriteKubeconfig(text, fileName);
  const problem = serverProblem(server, readCluster.server);
  if (problem) throw new AppError('bad-request', `${fileName} refused: ${problem}`);
  return secret;
}

/** Every secret value the write's KubeConfig holds, for the redactor: none of them may leave in a message. */
export function secretsOf(kc: KubeConfig): string[] {
  const user = kc.getCurrentUser();
  return [user?.token, user?.password, user?.certData, user?.keyData].filter((s): s is string => Boolean(s));
}

/**
 * Null when both URLs name the same scheme, host, port and path. Neither URL is shown: the message is stored in the
 * audit that anyone can read, and the read server's address is not the uploader's to learn.
 */
export function serverProblem(server: string, readServer: string): string | null {
  const [a, b] = [partsOf(server), partsOf(readServer)];
  if (!a) return 'its server is not a URL';
  const differs = b ? (Object.keys(a) as Array<keyof typeof a>).filter((part) => a[part] !== b[part]) : ['server'];
  if (differs.length === 0) return null;
  return `it names another API server (its ${differs.join(', ')} differs from the cluster memdash reads); memdash writes only to the cluster it reads`;
}

function partsOf(server: string): { scheme: string; host: string; port: string; path: string } | null {
  try {
    const url = new URL(server);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return { scheme: url.protocol, host: url.hostname.toLowerCase(), port, path: url.pathname.replace(/\/+$/, '') };
  } catch {
    return null;
  }
}

/** Clients acting with the write credential for this one request. */
export function writeClients(kc: KubeConfig, signal?: AbortSignal, timeoutMs?: number): KubeClients {
  return clientsFor(kc, timeoutMs, signal);
}

const ANONYMOUS = 'system:anonymous';

/**
 * Who the credential is, from a SelfSubjectReview; a 401 when the cluster does not accept it, so that no step runs
 * on a credential nobody checked. A 403 comes after authentication and names the user; a cluster without the
 * review (404) is asked with a SelfSubjectAccessReview instead, which every authenticated user may make. Any other
 * failure (unreachable, 5xx) propagates: a write that could not be checked does not run.
 */
export async function actorOf(k: KubeClients): Promise<string> {
  let review: V1SelfSubjectReview;
  try {
    review = await k.authentication.createSelfSubjectReview({
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
    });
  } catch (err) {
    return clusterAnswerOf(err)?.status === 404 ? actorByAccessReview(k) : actorOfRefusal(err);
  }
  const info = review.status?.userInfo;
  if (info?.username === ANONYMOUS || info?.groups?.includes('system:unauthenticated')) throw notAccepted(ANONYMOUS);
  return info?.username || 'unknown';
}

async function actorByAccessReview(k: KubeClients): Promise<string> {
  try {
    await k.authorization.createSelfSubjectAccessReview({
      body: {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SelfSubjectAccessReview',
        spec: { nonResourceAttributes: { path: '/api', verb: 'get' } },
      },
    });
    return 'unknown';
  } catch (err) {
    return actorOfRefusal(err);
  }
}

/** The actor a 403 names (it passed authentication), or the refusal a 401 or an anonymous 403 is; else rethrows. */
function actorOfRefusal(err: unknown): string {
  const answer = clusterAnswerOf(err);
  if (answer?.status === 401) throw notAccepted(null);
  if (answer?.status !== 403) throw err;
  const user = answer.message?.match(/\bUser "([^"]*)" cannot\b/)?.[1];
  if (user === ANONYMOUS) throw notAccepted(ANONYMOUS);
  return user || 'unknown';
}

function notAccepted(as: string | null): AppError {
  return new AppError(
    'unauthorized',
    as
      ? `The cluster did not accept the write credential: it took the request as ${as}. Check the token or the kubeconfig.`
      : 'The cluster did not accept the write credential (401 Unauthorized): check the token or the kubeconfig (expired?).',
  );
}
