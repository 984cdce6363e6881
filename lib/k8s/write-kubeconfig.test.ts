import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { certificate, key, otherKey } from './__fixtures__/client-certificate';
import { kubeconfigText } from './__fixtures__/kubeconfig';
import { MAX_KUBECONFIG_CHARS, bearerToken, parseWriteKubeconfig } from './write-kubeconfig';

// Pure: the parser reads no file and connects nowhere. A file on this machine is named in some cases to show it is
// never read (its content would be the token).
const kubeconfig = kubeconfigText;

const parse = (text: string) => parseWriteKubeconfig(text, 'prd-write.yaml');
const refusal = (text: string): AppError => {
  try {
    parse(text);
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('not refused');
};
const b64 = (s: string) => Buffer.from(s).toString('base64');

const dir = mkdtempSync(join(tmpdir(), 'memdash-write-kubeconfig-'));
const tokenFile = join(dir, 'token');
writeFileSync(tokenFile, 'token-read-from-disk');

describe('parseWriteKubeconfig', () => {
  it("takes the current user's token and the current cluster's server, ignoring the cluster's CA file", () => {
    expect(parse(kubeconfig('    token: abc.def'))).toEqual({ server: 'https://10.0.0.1:6443', secret: { token: 'abc.def' } });
  });

  it.each([
    ['token-file', `    token-file: ${tokenFile}`],
    ['token-file naming /dev/zero', '    token-file: /dev/zero'],
    ['tokenFile', `    tokenFile: ${tokenFile}`],
    ['client-certificate', `    client-certificate: ${tokenFile}\n    client-key: ${tokenFile}`],
    ['client-key beside inline data', `    client-certificate-data: ${b64(certificate)}\n    client-key: ${tokenFile}`],
    ['token-file beside a token', `    token: abc\n    token-file: ${tokenFile}`],
  ])('refuses a user naming a file (%s), reading nothing', (_, user) => {
    const error = refusal(kubeconfig(user));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/names a file \((token-file|tokenFile|client-certificate|client-key)\); memdash never reads a file/);
    expect(error.message).not.toContain('token-read-from-disk');
    expect(error.message).not.toContain(dir);
  });

  it('refuses exec, auth-provider and impersonation', () => {
    expect(refusal(kubeconfig('    exec:\n      command: /bin/sh\n      args: ["-c", "touch /tmp/x"]')).message).toMatch(
      /runs a command \(exec\)/,
    );
    expect(refusal(kubeconfig('    auth-provider:\n      name: oidc\n      config: {}')).message).toMatch(/auth-provider/);
    expect(refusal(kubeconfig('    token: abc\n    as: system:admin')).message).toMatch(/impersonates someone \(as\)/);
    expect(refusal(kubeconfig('    token: abc\n    as-groups: [system:masters]')).message).toMatch(/impersonates someone \(as-groups\)/);
  });

  it('refuses a field it does not know, naming it only when it is a plain name', () => {
    expect(refusal(kubeconfig('    token: abc\n    tokn: abc')).message).toMatch(/does not take \(tokn\)/);
    const odd = refusal(kubeconfig('    token: abc\n    "x: secret-ish value": 1')).message;
    expect(odd).toMatch(/has a field memdash does not take$/);
    expect(odd).not.toContain('secret-ish');
  });

  it('does not take a prototype name for a secret field', () => {
    expect(refusal(kubeconfig('    token: abc\n    toString: x')).message).toMatch(/does not take \(toString\)/);
    // whether the parser keeps it as a field or drops it, the token under it is never taken
    expect(refusal(kubeconfig('    __proto__: {token: abc}')).status).toBe(400);
  });

  it("checks a kubeconfig's token as a pasted one: printable, no space or line break, bounded", () => {
    for (const token of ['"two words"', '"line\\nbreak"', '"tab\\there"', '"nul\\0"', 'x'.repeat(8193)]) {
      expect(refusal(kubeconfig(`    token: ${token}`)).message, token).toMatch(/token is not a bearer token/);
    }
    expect(refusal(kubeconfig('    token: 12345')).message).toMatch(/token is not a string/);
    expect(parse(kubeconfig('    token: "  padded  "')).secret).toEqual({ token: 'padded' });
  });

  it('takes a client certificate with its key, checked before anything connects', () => {
    const user = `    client-certificate-data: ${b64(certificate)}\n    client-key-data: ${b64(key)}`;
    expect(parse(kubeconfig(user)).secret).toEqual({ certData: b64(certificate), keyData: b64(key) });
  });

  it('refuses a certificate or key that does not parse, naming which, without its content', () => {
    const cases = [
      [b64('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'), b64(key), /client-certificate-data is not a PEM certificate/],
      [b64(certificate), b64('not a key at all'), /client-key-data is not an unencrypted PEM private key/],
      [b64(certificate), b64(otherKey), /client-key-data is not the key of its client certificate/],
      ['not*base64', b64(key), /client-certificate-data is not base64 of a PEM file/],
      [b64(certificate), '', /a client certificate without its key/],
    ] as const;
    for (const [cert, k, expected] of cases) {
      const error = refusal(kubeconfig(`    client-certificate-data: "${cert}"\n    client-key-data: "${k}"`));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(expected);
      expect(error.message).not.toContain('BEGIN');
      if (k) expect(error.message).not.toContain(k);
    }
  });

  it('takes a username with its password, and refuses one without the other', () => {
    expect(parse(kubeconfig('    username: ops\n    password: "s3cret pass"')).secret).toEqual({
      username: 'ops',
      password: 's3cret pass',
    });
    expect(refusal(kubeconfig('    username: x')).message).toMatch(/a username without a password/);
    expect(refusal(kubeconfig('    username: "a:b"\n    password: p')).message).toMatch(/username is not printable text without ":"/);
    expect(refusal(kubeconfig('    username: a\n    password: "p\\nq"')).message).toMatch(/password is not printable text/);
  });

  it('refuses a user with no secret, or more than one kind', () => {
    expect(refusal(kubeconfig('    {}')).message).toMatch(/holds no token, client certificate or password/);
    expect(refusal(kubeconfig('    token: abc\n    username: a\n    password: b')).message).toMatch(/more than one kind of secret/);
  });

  it('refuses text that is not a kubeconfig without quoting it (it may be the secret)', () => {
    const attempt = refusal('token: "unterminated secret-value');
    expect(attempt.message).toMatch(/is not a kubeconfig/);
    expect(attempt.message).not.toContain('secret-value');
    expect(refusal('just text').message).toMatch(/is not a kubeconfig/);
    expect(refusal(kubeconfig('    token: a\n    token: b')).message).toMatch(/YAML could not be read/); // duplicate keys
  });

  it('refuses a current context that names nothing, without naming it', () => {
    const text = kubeconfig('    token: abc').replace('current-context: x', 'current-context: evil-name');
    expect(refusal(text).message).toBe('prd-write.yaml refused: its current-context names no context the file holds');
  });

  it('is bounded: a huge file and an alias bomb are refused quickly', () => {
    const started = performance.now();
    expect(refusal(`#${'x'.repeat(MAX_KUBECONFIG_CHARS)}`).message).toMatch(/larger than a kubeconfig/);
    const aliases = Array.from({ length: 60 }, (_, i) => `b${i}: *a`).join('\n');
    expect(refusal(`${kubeconfig('    token: abc')}a: &a [1, 2]\n${aliases}\n`).message).toMatch(/YAML could not be read/);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('bearerToken', () => {
  it('trims, and refuses what cannot be a header value', () => {
    expect(bearerToken('  abc  ')).toBe('abc');
    expect(bearerToken('a\r\nX-Evil: 1')).toBeNull();
    expect(bearerToken('')).toBeNull();
  });
});
