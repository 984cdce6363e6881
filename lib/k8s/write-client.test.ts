import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { makeCluster } from '@/lib/cluster/cluster';
import { factsFromSettings } from '@/lib/cluster/facts';
import { loadSettings } from '@/lib/config';
import { kubeconfigText } from './__fixtures__/kubeconfig';
import type { KubeClients } from './client';
import { actorOf, secretsOf, serverProblem, writeKubeConfig } from './write-client';

// Pure: building the write KubeConfig reads nothing and connects nowhere; these check what it refuses.
/** A cluster memdash reads, as MEMDASH_CLUSTERS names one, with its read credential loaded. */
function clusterAt(name: string, server: string) {
  const kc = new KubeConfig();
  kc.loadFromOptions({
    clusters: [{ name, server, caData: 'Q0E=', skipTLSVerify: false }],
    users: [{ name: 'reader', token: 'read-token' }],
    contexts: [{ name, cluster: name, user: 'reader' }],
    currentContext: name,
  });
  return makeCluster(
    {
      name,
      inCluster: false,
      prometheus: {},
      facts: factsFromSettings(loadSettings({})),
      identity: { usernamePrefix: '', groupsPrefix: '', writeAsUser: true },
    },
    kc,
  );
}
const read = clusterAt('prd', 'https://10.0.0.1:6443');

const kubeconfig = (server: string, user: string) => kubeconfigText(user, server);

const build = (text: string) => () => writeKubeConfig(read, { kind: 'kubeconfig', fileName: 'prd-write.yaml', kubeconfig: text });

describe('writeKubeConfig', () => {
  it("acts with a token on the read cluster's server and CA, never the read user", () => {
    const kc = writeKubeConfig(read, { kind: 'token', token: 'write-token' });
    expect(kc.getCurrentCluster()).toMatchObject({ server: 'https://10.0.0.1:6443', caData: 'Q0E=' });
    expect(kc.getCurrentUser()).toEqual({ name: 'write', token: 'write-token' });
  });

  it("takes a kubeconfig's token when it names the read cluster's server", () => {
    const kc = build(kubeconfig('https://10.0.0.1:6443/', '    token: abc'))();
    expect(kc.getCurrentUser()?.token).toBe('abc');
    expect(kc.getCurrentCluster()?.server).toBe('https://10.0.0.1:6443');
  });

  it('refuses exec and auth-provider users before anything runs', () => {
    expect(
      build(
        kubeconfig(
          'https://10.0.0.1:6443',
          '    exec:\n      apiVersion: client.authentication.k8s.io/v1\n      command: /bin/sh\n      args: ["-c", "touch /tmp/x"]',
        ),
      ),
    ).toThrow(/runs a command \(exec\)/);
    expect(build(kubeconfig('https://10.0.0.1:6443', '    auth-provider:\n      name: oidc\n      config: {}'))).toThrow(/auth-provider/);
  });

  it('refuses certificate files on disk and a user without a secret', () => {
    expect(build(kubeconfig('https://10.0.0.1:6443', '    client-certificate: /etc/passwd\n    client-key: /etc/shadow'))).toThrow(
      /names a file \(client-certificate\)/,
    );
    expect(build(kubeconfig('https://10.0.0.1:6443', '    {}'))).toThrow(/holds no token/);
  });

  it('never reads a token-file: the file on disk is not the credential, and /dev/zero answers at once', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'memdash-write-client-')), 'token');
    writeFileSync(file, 'token-read-from-disk');
    expect(build(kubeconfig('https://10.0.0.1:6443', `    token-file: ${file}`))).toThrow(/names a file \(token-file\)/);
    const started = performance.now();
    expect(build(kubeconfig('https://10.0.0.1:6443', '    token-file: /dev/zero'))).toThrow(/names a file \(token-file\)/);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses another server without naming it or the read server', () => {
    const attempt = build(kubeconfig('https://10.0.0.2:6443', '    token: abc'));
    expect(attempt).toThrow(/another API server \(its host differs from the cluster memdash reads\)/);
    expect(attempt).not.toThrow(/10\.0\.0\./);
  });

  it("takes a kubeconfig only for the cluster whose server it names, and writes to that cluster's server", () => {
    const stg = clusterAt('stg', 'https://10.0.0.2:6443');
    const pasted = {
      kind: 'kubeconfig',
      fileName: 'stg-write.yaml',
      kubeconfig: kubeconfig('https://10.0.0.2:6443', '    token: abc'),
    } as const;
    expect(() => writeKubeConfig(read, pasted)).toThrow(/stg-write\.yaml refused: it names another API server/);
    expect(writeKubeConfig(stg, pasted).getCurrentCluster()?.server).toBe('https://10.0.0.2:6443');
    expect(writeKubeConfig(stg, { kind: 'token', token: 'write-token' }).getCurrentCluster()?.server).toBe('https://10.0.0.2:6443');
  });

  it('hands every secret of the write to the redactor', () => {
    const bearer = build(kubeconfig('https://10.0.0.1:6443', '    token: abc'))();
    expect(secretsOf(bearer)).toEqual(['abc']);
    const basic = build(kubeconfig('https://10.0.0.1:6443', '    username: ops\n    password: pw'))();
    expect(secretsOf(basic)).toEqual(['pw']);
  });

  it('refuses text that is not a kubeconfig without quoting it (it may be the secret)', () => {
    const attempt = build('token: "unterminated secret-value');
    expect(attempt).toThrow(/is not a kubeconfig/);
    expect(attempt).not.toThrow(/secret-value/);
  });

  it('refuses a token with spaces or control characters', () => {
    expect(() => writeKubeConfig(read, { kind: 'token', token: 'two words' })).toThrow(/not a bearer token/);
  });
});

describe('serverProblem', () => {
  it('compares scheme, host, port (443 by default) and path, saying which differs', () => {
    expect(serverProblem('https://API.example:443', 'https://api.example')).toBeNull();
    expect(serverProblem('http://api.example', 'https://api.example')).toMatch(/its scheme, port differs/);
    expect(serverProblem('https://api.example:6443/x', 'https://api.example:6443')).toMatch(/its path differs/);
    expect(serverProblem('not a url', 'https://api.example')).toBe('its server is not a URL');
  });
});

// What the API server answers to a SelfSubjectReview (and, without it, a SelfSubjectAccessReview), shaped as
// client-node 2 throws it: the decision under test is what memdash makes of each answer.
const apiException = (code: number, message: string) =>
  Object.assign(new Error(`HTTP-Code: ${code}`), { code, body: JSON.stringify({ kind: 'Status', code, message }) });
const clients = (review: () => Promise<unknown>, accessReview: () => Promise<unknown> = async () => ({})) =>
  ({
    authentication: { createSelfSubjectReview: review },
    authorization: { createSelfSubjectAccessReview: accessReview },
  }) as unknown as KubeClients;

describe('actorOf', () => {
  it('names who the cluster says the credential is', async () => {
    await expect(actorOf(clients(async () => ({ status: { userInfo: { username: 'operator' } } })))).resolves.toBe('operator');
  });

  it('refuses a credential the cluster does not accept (401) or takes for anonymous', async () => {
    await expect(actorOf(clients(() => Promise.reject(apiException(401, 'Unauthorized'))))).rejects.toMatchObject({
      code: 'unauthorized',
    });
    const anonymous = async () => ({ status: { userInfo: { username: 'system:anonymous', groups: ['system:unauthenticated'] } } });
    await expect(actorOf(clients(anonymous))).rejects.toMatchObject({ code: 'unauthorized' });
    const forbiddenAnonymous = apiException(
      403,
      'selfsubjectreviews.authentication.k8s.io is forbidden: User "system:anonymous" cannot create resource',
    );
    await expect(actorOf(clients(() => Promise.reject(forbiddenAnonymous)))).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('takes a 403 as authenticated, naming the user it names', async () => {
    const forbidden = apiException(403, 'selfsubjectreviews.authentication.k8s.io is forbidden: User "ops" cannot create resource');
    await expect(actorOf(clients(() => Promise.reject(forbidden)))).resolves.toBe('ops');
  });

  it('without the review (404), still checks the credential with an access review', async () => {
    const missing = () => Promise.reject(apiException(404, 'the server could not find the requested resource'));
    await expect(actorOf(clients(missing))).resolves.toBe('unknown');
    await expect(actorOf(clients(missing, () => Promise.reject(apiException(401, 'Unauthorized'))))).rejects.toMatchObject({
      code: 'unauthorized',
    });
  });

  it('lets any other failure through: an unchecked credential runs nothing', async () => {
    const unreachable = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(actorOf(clients(() => Promise.reject(unreachable)))).rejects.toBe(unreachable);
  });
});
