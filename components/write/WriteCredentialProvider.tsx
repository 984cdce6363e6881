'use client';

// The write credential's only home: React state in this tab. Never localStorage, sessionStorage, cookies, the URL
// or the server; reloading the tab forgets it.
//
// Usage: <WriteCredentialProvider sessionWrites={…}> wraps the app (components/shell/Providers.tsx). Anywhere below:
//   const { credential, generation, describe, sessionWrites, setCredential, forget } = useWriteCredential();
//   postWrite('/api/…', body, credential)   // lib/client/query.ts
// `generation` changes with every new credential: use it in query keys instead of the credential itself.

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { WriteCredential } from '@/lib/write-credential';

interface WriteCredentialState {
  credential: WriteCredential | null;
  generation: number;
  /** What the credential is, never what it holds: "a pasted token", "kubeconfig prd-write.yaml". */
  describe: string | null;
  /**
   * With nothing pasted, the signed-in person writes as themselves (MEMDASH_WRITE_AS_USER=on): their session holds
   * their ID token, on the server. Whether it is live and what the cluster lets it do is /api/access's answer.
   */
  sessionWrites: boolean;
  setCredential: (credential: WriteCredential) => void;
  forget: () => void;
}

const Context = createContext<WriteCredentialState | null>(null);

export function WriteCredentialProvider({ children, sessionWrites }: { children: ReactNode; sessionWrites: boolean }) {
  const [held, setHeld] = useState<{ credential: WriteCredential | null; generation: number }>({ credential: null, generation: 0 });
  const value = useMemo<WriteCredentialState>(
    () => ({
      credential: held.credential,
      generation: held.generation,
      describe: held.credential ? (held.credential.kind === 'token' ? 'a pasted token' : `kubeconfig ${held.credential.fileName}`) : null,
      sessionWrites,
      setCredential: (credential) => setHeld((h) => ({ credential, generation: h.generation + 1 })),
      forget: () => setHeld((h) => ({ credential: null, generation: h.generation + 1 })),
    }),
    [held, sessionWrites],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useWriteCredential(): WriteCredentialState {
  const state = useContext(Context);
  if (!state) throw new Error('useWriteCredential needs <WriteCredentialProvider> above it');
  return state;
}
