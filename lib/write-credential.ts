// The write credential as it travels from the browser tab to a write route, in one place for both ends.
// No 'server-only': the browser builds the request with it, the guard reads it back.
//
// Usage (browser): `fetch(url, { method: 'POST', ...writeRequestInit(body, credential) })`, or postWrite() in
// lib/client/query.ts, which does that and throws the route's AppError. The credential is never put in a URL.

/** A bearer token pasted, or a kubeconfig file chosen (the runbook's prd-write). */
export type WriteCredential = { kind: 'token'; token: string } | { kind: 'kubeconfig'; fileName: string; kubeconfig: string };

/**
 * The JSON body field that carries a kubeconfig (a header would do for a token, but a kubeconfig with client
 * certificates outgrows what servers accept in headers). A write route's own body never uses this name.
 */
export const KUBECONFIG_FIELD = 'kubeconfig';

/** The headers and body of a write request: a token as `Authorization: Bearer`, a kubeconfig inside the JSON body. */
export function writeRequestInit(body: object, credential: WriteCredential | null): { headers: Record<string, string>; body: string } {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (credential?.kind === 'token') headers.authorization = `Bearer ${credential.token}`;
  const withKubeconfig = credential?.kind === 'kubeconfig' ? { ...body, [KUBECONFIG_FIELD]: credential.kubeconfig } : body;
  return { headers, body: JSON.stringify(withKubeconfig) };
}
