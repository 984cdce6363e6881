import 'server-only';
import {
  AdmissionregistrationV1Api,
  ApiextensionsV1Api,
  AppsV1Api,
  AuthenticationV1Api,
  AuthorizationV1Api,
  BatchV1Api,
  CoordinationV1Api,
  CoreV1Api,
  CustomObjectsApi,
  IsomorphicFetchHttpLibrary,
  KubeConfig,
  PolicyV1Api,
  RbacAuthorizationV1Api,
  ServerConfiguration,
  VersionApi,
  createConfiguration,
  wrapHttpLibrary,
  type Middleware,
  type RequestContext,
  type SecurityAuthentication,
} from '@kubernetes/client-node';
import { settings } from '@/lib/config';
import { AppError, toAppError } from '@/lib/errors';
import { clusterErrorKind, clusterErrors } from '@/lib/metrics/metrics';
import { refusedWhileStarting } from './readiness';

/** The API clients one request uses, all acting with one credential. */
export interface KubeClients {
  core: CoreV1Api;
  admission: AdmissionregistrationV1Api;
  custom: CustomObjectsApi;
  version: VersionApi;
  apps: AppsV1Api;
  batch: BatchV1Api;
  policy: PolicyV1Api;
  /** The recorder's Lease. */
  coordination: CoordinationV1Api;
  /** SelfSubjectReview: who the credential is. */
  authentication: AuthenticationV1Api;
  /** SelfSubjectAccessReview: what the credential may do. */
  authorization: AuthorizationV1Api;
  /** Kyverno's CRDs (the removal). */
  extensions: ApiextensionsV1Api;
  /** The registrations' owner, a ClusterRole. */
  rbac: RbacAuthorizationV1Api;
}

/**
 * The field manager every write names (`?fieldManager=`), so the table's managedFields, and a Job's, say memdash wrote
 * them: without it the API server names the HTTP library's user agent.
 */
export const FIELD_MANAGER = 'memdash';

/**
 * Clients for one request, acting with the given credential; every call gives up after MEMDASH_KUBE_TIMEOUT_MS, or
 * after `timeoutMs` for a call that waits on something slower than the API server (an admission webhook), or as
 * soon as `signal` aborts (the browser left: a followed log stops asking).
 */
export function clientsFor(kc: KubeConfig, timeoutMs = settings().kubeTimeoutMs, signal?: AbortSignal): KubeClients {
  const cluster = kc.getCurrentCluster();
  if (!cluster) throw new AppError('internal', 'The kubeconfig has no current cluster');
  const configuration = createConfiguration({
    baseServer: new ServerConfiguration(cluster.server, {}),
    authMethods: { default: reusingConnections(kc) },
    httpApi: countingFailures(kc),
    promiseMiddleware: [timeoutAfter(timeoutMs, signal)],
  });
  return {
    core: new CoreV1Api(configuration),
    admission: new AdmissionregistrationV1Api(configuration),
    custom: new CustomObjectsApi(configuration),
    version: new VersionApi(configuration),
    apps: new AppsV1Api(configuration),
    batch: new BatchV1Api(configuration),
    policy: new PolicyV1Api(configuration),
    coordination: new CoordinationV1Api(configuration),
    authentication: new AuthenticationV1Api(configuration),
    authorization: new AuthorizationV1Api(configuration),
    extensions: new ApiextensionsV1Api(configuration),
    rbac: new RbacAuthorizationV1Api(configuration),
  };
}

/** Which context and server a cluster's reads go to, for the home page. Never the user or its token. */
export function readTarget(kc: KubeConfig): { context: string; server: string } {
  return { context: kc.getCurrentContext(), server: kc.getCurrentCluster()?.server ?? '' };
}

type Dispatcher = NonNullable<ReturnType<RequestContext['getDispatcher']>>;
const dispatchers = new WeakMap<KubeConfig, Dispatcher>();

// client-node 2.0 builds a new connection pool for every call, so every call paid a TLS handshake (most of an
// explanation's time). The pool is kept per credential instead: it holds only that credential's TLS material, and
// the credential still sets its own headers (token) on every call.
function reusingConnections(kc: KubeConfig): SecurityAuthentication {
  return {
    getName: () => kc.getName(),
    applySecurityAuthentication: async (context) => {
      await kc.applySecurityAuthentication(context);
      const fresh = context.getDispatcher();
      if (!fresh) return;
      const kept = dispatchers.get(kc);
      if (kept) context.setDispatcher(kept);
      else dispatchers.set(kc, fresh);
    },
  };
}

const clusterNames = new WeakMap<KubeConfig, string>();

/** The cluster a credential reads or writes, for the `cluster` label of its failures on GET /metrics. */
export function nameCluster(kc: KubeConfig, name: string): void {
  clusterNames.set(kc, name);
}

// Every call's failure counted by kind for GET /metrics: an error status, a timeout, or no answer at all; and a 403
// checked against the server's readiness as `kc` sees it (./readiness.ts).
const fetchLibrary = new IsomorphicFetchHttpLibrary();
const countingFailures = (kc: KubeConfig) =>
  wrapHttpLibrary({
    send: async (request) => {
      const response = await fetchLibrary
        .send(request)
        .toPromise()
        .catch((err: unknown) => {
          clusterErrors.inc({
            cluster: clusterNames.get(kc) ?? '',
            kind: (err as Error | null)?.name === 'TimeoutError' ? 'timeout' : 'unreachable',
          });
          throw err;
        });
      if (response.httpStatusCode >= 400)
        clusterErrors.inc({ cluster: clusterNames.get(kc) ?? '', kind: clusterErrorKind(response.httpStatusCode) });
      if (response.httpStatusCode === 403) await refusedWhileStarting(request, kc);
      return response;
    },
  });

// A dead API server must turn into "unreachable" quickly, not hang a page for undici's default minutes.
function timeoutAfter(ms: number, signal?: AbortSignal): Middleware {
  return {
    pre: async (context) => {
      context.setSignal(signal ? AbortSignal.any([AbortSignal.timeout(ms), signal]) : AbortSignal.timeout(ms));
      return context;
    },
    post: async (response) => response,
  };
}

/** Runs a read and gives null when the object does not exist; every other failure propagates. */
export async function readOrNull<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (toAppError(err).code === 'not-found') return null;
    throw err;
  }
}
