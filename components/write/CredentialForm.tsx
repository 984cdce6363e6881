'use client';

// Where the operator gives the write credential: a token pasted, or a kubeconfig file chosen. Shown inside every
// GuardedAction while the tab holds none; once given, says who it acts as and offers to forget it. With
// MEMDASH_WRITE_AS_USER, it also says which identity writes while nothing is pasted: the person's own, or why not.
// Usage: <CredentialForm /> (needs WriteCredentialProvider above it, which Providers sets up).

import { useState } from 'react';
import { useAccess } from './useAccess';
import { useWriteCredential } from './WriteCredentialProvider';
import { ErrorText } from '@/components/ui/ErrorText';
import { Button } from '@/components/ui/Button';

const NO_CHECKS: never[] = [];

export function CredentialForm() {
  const { credential, describe, sessionWrites, setCredential, forget } = useWriteCredential();
  const whoami = useAccess(NO_CHECKS);
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (credential) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="write-credential">
        Writing with {describe}
        {whoami.data && (
          <span>
            — acting as <strong data-testid="actor">{whoami.data.actor}</strong>
          </span>
        )}
        {whoami.error && <ErrorText>— {whoami.error.message}</ErrorText>}
        <Button look="small" type="button" onClick={forget}>
          Forget it
        </Button>
      </p>
    );
  }

  async function takeFile(file: File | undefined) {
    if (!file) return;
    if (file.size > 1_000_000) return setProblem(`${file.name} is too large for a kubeconfig`);
    setProblem(null);
    setCredential({ kind: 'kubeconfig', fileName: file.name, kubeconfig: await file.text() });
  }

  return (
    <form
      className="space-y-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm"
      data-testid="credential-form"
      autoComplete="off"
      onSubmit={(e) => {
        e.preventDefault();
        if (!token.trim()) return setProblem('Paste a token first');
        setCredential({ kind: 'token', token: token.trim() });
        setToken('');
        setProblem(null);
      }}
    >
      {sessionWrites && <AsYou actor={whoami.data?.actor} problem={whoami.error?.message} />}
      <p>
        {sessionWrites ? 'Or write with' : 'memdash writes only with'} a credential you give it for this tab (the runbook&apos;s{' '}
        <span className="font-mono">prd-write</span>). It stays in this tab&apos;s memory: reloading forgets it.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label className="flex items-center gap-1">
          Token
          <input
            type="password"
            autoComplete="off"
            spellCheck={false}
            aria-label="Write token"
            className="w-44 rounded border px-2 py-1 font-mono sm:w-56"
            value={token}
            onChange={(e) => setToken(e.target.value)}
          />
        </label>
        <button type="submit" className="rounded border border-zinc-400 bg-white px-2 py-1 hover:bg-zinc-100">
          Use token
        </button>
        <span className="text-zinc-600">or</span>
        {/* wraps as a whole on a phone: the file input must not squeeze its words to one letter a line */}
        <label className="flex min-w-0 flex-wrap items-center gap-1">
          <span className="whitespace-nowrap">kubeconfig file</span>
          <input
            type="file"
            className="max-w-full min-w-0"
            aria-label="Write kubeconfig file"
            onChange={(e) => takeFile(e.target.files?.[0])}
          />
        </label>
      </div>
      {problem && <ErrorText as="p">{problem}</ErrorText>}
    </form>
  );
}

/** Who writes while nothing is pasted: the signed-in person, as the cluster names their ID token, or why they cannot. */
function AsYou({ actor, problem }: { actor: string | undefined; problem: string | undefined }) {
  if (problem)
    return (
      <ErrorText as="p" data-testid="write-as-you">
        You cannot write as yourself now: {problem}
      </ErrorText>
    );
  return (
    <p data-testid="write-as-you">
      {actor ? (
        <>
          Writing as you, <strong data-testid="actor">{actor}</strong> (your sign-in), unless you give a credential below.
        </>
      ) : (
        'Asking the cluster who your sign-in is…'
      )}
    </p>
  );
}
