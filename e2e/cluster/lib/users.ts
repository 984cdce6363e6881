// Static bearer tokens for the three users and a self-contained kubeconfig for each.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { kubeconfigPath, state } from './paths.ts';
import { pki } from './pki.ts';

export const USERS = ['admin', 'viewer', 'operator'] as const;
export type User = (typeof USERS)[number];

const GROUPS: Record<User, string> = { admin: 'system:masters', viewer: 'memdash:viewers', operator: 'memdash:operators' };

export const tokenFile = (): string => state('pki', 'tokens.csv');

function readTokens(): Record<string, string> {
  if (!existsSync(tokenFile())) return {};
  const tokens: Record<string, string> = {};
  for (const line of readFileSync(tokenFile(), 'utf8').trim().split('\n')) {
    const [token, user] = line.split(',');
    if (token && user) tokens[user] = token;
  }
  return tokens;
}

export function ensureUsers(apiserverPort: number): void {
  const tokens = readTokens();
  for (const user of USERS) tokens[user] ??= randomBytes(24).toString('hex');
  const csv = USERS.map((u) => `${tokens[u]},${u},uid-${u},"${GROUPS[u]}"`).join('\n') + '\n';
  writeFileSync(tokenFile(), csv, { mode: 0o600 });
  const ca = readFileSync(pki('ca.crt')).toString('base64');
  for (const user of USERS) writeKubeconfig(user, tokens[user]!, ca, apiserverPort);
}

function writeKubeconfig(user: User, token: string, caData: string, port: number): void {
  const path = kubeconfigPath(user);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, kubeconfigYaml(user, token, caData, port), { mode: 0o600 });
}

/** A self-contained kubeconfig: the local API server, its CA, one bearer token. */
export function kubeconfigYaml(user: string, token: string, caData: string, port: number): string {
  return `apiVersion: v1
kind: Config
clusters:
- name: memdash-local
  cluster:
    server: https://127.0.0.1:${port}
    certificate-authority-data: ${caData}
users:
- name: ${user}
  user:
    token: ${token}
contexts:
- name: local
  context:
    cluster: memdash-local
    user: ${user}
current-context: local
`;
}
