import 'server-only';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { CORE_SCHEMA, load } from 'js-yaml';
import { z } from 'zod';
import { AppError } from '@/lib/errors';

// The operator's kubeconfig (the runbook's prd-write), read as text and never given to client-node's loader: that
// loader reads `token-file` from the server's own disk while it parses, before any check could refuse it. Only the
// current user's inline secret and the current cluster's server URL are taken from the file; the write is then built
// with the read cluster's server and CA (write-client.ts). Everything else in the file is ignored, except what would
// make memdash read a file, run a command, impersonate someone or hold a secret it cannot check: that is refused.
//
// Messages name fields, never their values: they are answered to anyone who can reach memdash and stored in the audit.

/** The secret a write acts with: exactly one of a token, a client certificate and key, a username and password. */
export interface InlineSecret {
  token?: string;
  /** base64 of the PEM, as the kubeconfig holds it and client-node takes it */
  certData?: string;
  keyData?: string;
  username?: string;
  password?: string;
}

export interface WriteKubeconfig {
  /** The current cluster's server URL as the file wrote it: compared with the read cluster's, never connected to. */
  server: string;
  secret: InlineSecret;
}

/** Bigger than any kubeconfig a person keeps; bounds what one request makes the YAML parser read. */
export const MAX_KUBECONFIG_CHARS = 1_000_000;
const MAX_PEM_BASE64_CHARS = 64_000;
const MAX_PASSWORD_CHARS = 1024;

/** The secret fields memdash takes, with their kubeconfig names. */
const SECRET_FIELDS = {
  token: 'token',
  'client-certificate-data': 'certData',
  'client-key-data': 'keyData',
  username: 'username',
  password: 'password',
} as const satisfies Record<string, keyof InlineSecret>;
/** Fields of a user that hold no secret and change nothing memdash does. */
const HARMLESS_FIELDS = new Set(['extensions']);

const isSecretField = (key: string): key is keyof typeof SECRET_FIELDS => Object.hasOwn(SECRET_FIELDS, key);

// Only what is read of a kubeconfig; the rest of each entry is ignored (the cluster's CA, proxy and TLS fields
// included: the write uses the read cluster's).
const shape = z.object({
  'current-context': z.string().min(1),
  contexts: z.array(z.object({ name: z.string(), context: z.object({ cluster: z.string(), user: z.string() }) })).default([]),
  clusters: z.array(z.object({ name: z.string(), cluster: z.object({ server: z.string() }) })).default([]),
  users: z.array(z.object({ name: z.string(), user: z.record(z.string(), z.unknown()).nullable() })).default([]),
});

/**
 * The server and secret of the kubeconfig's current context; throws a 400 naming what is refused. Reads no file,
 * runs nothing, connects nowhere.
 */
export function parseWriteKubeconfig(text: string, fileName: string): WriteKubeconfig {
  const refuse = (why: string) => new AppError('bad-request', `${fileName} refused: ${why}`);
  if (text.length > MAX_KUBECONFIG_CHARS) throw refuse(`it is larger than a kubeconfig (over ${MAX_KUBECONFIG_CHARS} characters)`);
  let document: unknown;
  try {
    // The core schema builds plain data only; duplicate keys are an error, so no field can hide behind another.
    document = load(text, { schema: CORE_SCHEMA, maxAliases: 50, maxDepth: 20 });
  } catch {
    // The parser's message quotes the file around the fault, which may be the secret itself: never pass it on.
    throw new AppError('bad-request', `${fileName} is not a kubeconfig (its YAML could not be read)`);
  }
  const parsed = shape.safeParse(document);
  if (!parsed.success) {
    const where = parsed.error.issues[0]?.path.join('.') || 'the file';
    throw new AppError('bad-request', `${fileName} is not a kubeconfig (${where} is missing or not what a kubeconfig holds)`);
  }
  const config = parsed.data;
  const context = config.contexts.find((c) => c.name === config['current-context'])?.context;
  if (!context) throw refuse('its current-context names no context the file holds');
  const cluster = config.clusters.find((c) => c.name === context.cluster)?.cluster;
  const user = config.users.find((u) => u.name === context.user);
  if (!cluster || !user) throw refuse('its current context names a cluster or user the file does not hold');
  return { server: cluster.server, secret: secretOf(user.user ?? {}, refuse) };
}

type Refuse = (why: string) => AppError;

function secretOf(user: Record<string, unknown>, refuse: Refuse): InlineSecret {
  const present = Object.keys(user).filter((key) => user[key] !== null && user[key] !== '');
  for (const key of present) {
    const problem = fieldProblem(key);
    if (problem) throw refuse(`its current user ${problem}`);
  }
  const secret: InlineSecret = {};
  for (const key of present) {
    if (!isSecretField(key)) continue;
    const value = user[key];
    if (typeof value !== 'string') throw refuse(`its current user's ${key} is not a string (quote it)`);
    secret[SECRET_FIELDS[key]] = value;
  }
  return checkedSecret(secret, refuse);
}

/** Why a user field is refused, or null when memdash takes or ignores it. */
function fieldProblem(key: string): string | null {
  if (isSecretField(key) || HARMLESS_FIELDS.has(key)) return null;
  if (key === 'exec') return 'runs a command (exec); memdash never runs commands from a kubeconfig';
  if (key === 'auth-provider') return 'uses an auth-provider; give a kubeconfig with a token or client certificate';
  if (/(-file|File)$/.test(key) || key === 'client-certificate' || key === 'client-key')
    return `names a file (${key}); memdash never reads a file a request names: embed the secret (token, client-certificate-data)`;
  if (key === 'as' || key.startsWith('as-')) return `impersonates someone (${key}); memdash acts only as the credential itself`;
  return /^[A-Za-z][A-Za-z0-9-]{0,62}$/.test(key) ? `has a field memdash does not take (${key})` : 'has a field memdash does not take';
}

function checkedSecret(secret: InlineSecret, refuse: Refuse): InlineSecret {
  const kinds = [secret.token, secret.certData ?? secret.keyData, secret.username ?? secret.password].filter(Boolean).length;
  if (kinds === 0) throw refuse('its current user holds no token, client certificate or password');
  if (kinds > 1) throw refuse('its current user holds more than one kind of secret: keep one (token, client certificate, password)');
  if (secret.token !== undefined) {
    const token = bearerToken(secret.token);
    if (token === null) throw refuse(`its current user's token ${NOT_A_BEARER_TOKEN}`);
    return { token };
  }
  if (secret.certData !== undefined || secret.keyData !== undefined) return checkedClientCertificate(secret, refuse);
  return checkedPassword(secret, refuse);
}

/** Why bearerToken() gave null, after "the token". */
export const NOT_A_BEARER_TOKEN = 'is not a bearer token (printable characters, no spaces or line breaks)';
const BEARER_TOKEN = /^[\x21-\x7e]{1,8192}$/;

/**
 * The token as it goes into `Authorization: Bearer`, or null: a header value cannot hold a control character or a
 * line break, and a token with spaces is a paste of something else. A pasted token and a kubeconfig's alike.
 */
export function bearerToken(token: string): string | null {
  const trimmed = token.trim();
  return BEARER_TOKEN.test(trimmed) ? trimmed : null;
}

function checkedClientCertificate({ certData, keyData }: InlineSecret, refuse: Refuse): InlineSecret {
  if (!certData || !keyData) throw refuse('its current user has a client certificate without its key, or a key without its certificate');
  const certificate = pemOf(certData, 'client-certificate-data', refuse);
  const key = pemOf(keyData, 'client-key-data', refuse);
  let parsed: X509Certificate;
  try {
    parsed = new X509Certificate(certificate);
  } catch {
    throw refuse("its current user's client-certificate-data is not a PEM certificate");
  }
  let privateKey: ReturnType<typeof createPrivateKey>;
  try {
    privateKey = createPrivateKey({ key, format: 'pem' });
  } catch {
    throw refuse("its current user's client-key-data is not an unencrypted PEM private key");
  }
  if (!parsed.checkPrivateKey(privateKey)) throw refuse("its current user's client-key-data is not the key of its client certificate");
  return { certData, keyData };
}

function pemOf(base64: string, field: string, refuse: Refuse): string {
  const compact = base64.replace(/\s+/g, '');
  if (compact.length > MAX_PEM_BASE64_CHARS || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact))
    throw refuse(`its current user's ${field} is not base64 of a PEM file`);
  return Buffer.from(compact, 'base64').toString('utf8');
}

function checkedPassword({ username, password }: InlineSecret, refuse: Refuse): InlineSecret {
  if (!username || !password) throw refuse('its current user has a username without a password, or a password without a username');
  // Basic auth joins them with ":" into one header value.
  if (!/^[\x20-\x7e]+$/.test(username) || username.includes(':') || username.length > MAX_PASSWORD_CHARS)
    throw refuse('its current user\'s username is not printable text without ":"');
  if (!/^[\x20-\x7e]+$/.test(password) || password.length > MAX_PASSWORD_CHARS)
    throw refuse("its current user's password is not printable text");
  return { username, password };
}
