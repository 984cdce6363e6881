import { KubeConfig } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { serverProblem, writeKubeConfig } from './write-client';

// Pure: building the write KubeConfig reads nothing and connects nowhere; these check what it refuses.
const read = new KubeConfig();
read.loadFromOptions({
  clusters: [{ name: 'prd', server: 'https://10.0.0.1:6443', caData: 'Q0E=', skipTLSVerify: false }],
  users: [{ name: 'reader', token: 'read-token' }],
  contexts: [{ name: 'prd', cluster: 'prd', user: 'reader' }],
  currentContext: 'prd',
});

const kubeconfig = (server: string, user: string) => `apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: ${server}
users:
- name: u
  user:
${user}
contexts:
- name: x
  context: {cluster: c, user: u}
current-context: x
`;

const build = (text: string) => () => writeKubeConfig({ kind: 'kubeconfig', fileName: 'prd-write.yaml', kubeconfig: text }, read);

describe('writeKubeConfig', () => {
  it("acts with a token on the read cluster's server and CA, never the read user", () => {
    const kc = writeKubeConfig({ kind: 'token', token: 'write-token' }, read);
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
      /certificate files/,
    );
    expect(build(kubeconfig('https://10.0.0.1:6443', '    username: x'))).toThrow(/holds no token/);
  });

  it('refuses another server, naming both', () => {
    expect(build(kubeconfig('https://10.0.0.2:6443', '    token: abc'))).toThrow(
      /names the server https:\/\/10.0.0.2:6443, but memdash writes only to the cluster it reads/,
    );
  });

  it('refuses text that is not a kubeconfig without quoting it (it may be the secret)', () => {
    const attempt = build('token: "unterminated secret-value');
    expect(attempt).toThrow(/is not a kubeconfig/);
    expect(attempt).not.toThrow(/secret-value/);
  });

  it('refuses a token with spaces or control characters', () => {
    expect(() => writeKubeConfig({ kind: 'token', token: 'two words' }, read)).toThrow(/not a bearer token/);
  });
});

describe('serverProblem', () => {
  it('compares scheme, host, port (443 by default) and path', () => {
    expect(serverProblem('https://API.example:443', 'https://api.example')).toBeNull();
    expect(serverProblem('http://api.example', 'https://api.example')).not.toBeNull();
    expect(serverProblem('https://api.example:6443/x', 'https://api.example:6443')).not.toBeNull();
    expect(serverProblem('not a url', 'https://api.example')).not.toBeNull();
  });
});
