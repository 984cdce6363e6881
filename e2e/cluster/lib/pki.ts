// A CA made with openssl and the certificates the cluster serves with; made once, kept in .cluster/pki.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { state } from './paths.ts';

export const pki = (name: string): string => state('pki', name);

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function serving(name: string, subject: string, altNames: string[]): void {
  if (existsSync(pki(`${name}.crt`))) return;
  const ext = pki(`${name}.ext`);
  writeFileSync(
    ext,
    `subjectAltName=${altNames.join(',')}\nextendedKeyUsage=serverAuth,clientAuth\nkeyUsage=digitalSignature,keyEncipherment\n`,
  );
  openssl(['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', pki(`${name}.key`), '-out', pki(`${name}.csr`), '-subj', subject]);
  openssl([
    'x509',
    '-req',
    '-in',
    pki(`${name}.csr`),
    '-CA',
    pki('ca.crt'),
    '-CAkey',
    pki('ca.key'),
    '-CAcreateserial',
    '-days',
    '3650',
    '-out',
    pki(`${name}.crt`),
    '-extfile',
    ext,
  ]);
}

export function ensurePki(): void {
  mkdirSync(pki(''), { recursive: true });
  if (!existsSync(pki('ca.crt'))) {
    openssl([
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      pki('ca.key'),
      '-out',
      pki('ca.crt'),
      '-days',
      '3650',
      '-subj',
      '/CN=memdash-local-ca',
    ]);
  }
  serving('apiserver', '/CN=kube-apiserver', [
    'IP:127.0.0.1',
    'DNS:localhost',
    'DNS:kubernetes',
    'DNS:kubernetes.default.svc',
    'IP:10.0.0.1',
  ]);
  serving('kwok', '/CN=kwok-kubelet', ['IP:127.0.0.1', 'DNS:localhost']);
  // the Kyverno stand-in answers as the production Service's name and on loopback
  serving('webhook', '/CN=kyverno-prd-svc', ['IP:127.0.0.1', 'DNS:localhost', 'DNS:kyverno-prd-svc.kyverno-prd.svc']);
  // our OpenID Provider (e2e/oidc-provider): its HTTPS certificate, and the key its ID tokens are signed with
  serving('oidc', '/CN=memdash-oidc-provider', ['IP:127.0.0.1', 'DNS:localhost']);
  if (!existsSync(pki('oidc-signing.key'))) openssl(['genrsa', '-out', pki('oidc-signing.key'), '2048']);
  if (!existsSync(pki('sa.key'))) {
    openssl(['genrsa', '-out', pki('sa.key'), '2048']);
    openssl(['rsa', '-in', pki('sa.key'), '-pubout', '-out', pki('sa.pub')]);
  }
}
