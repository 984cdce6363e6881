// The JSON contract of POST /api/access (who the write credential is, what it may do).
import type { AccessAnswer } from '@/lib/domain/access';

export interface AccessResult {
  /** The SelfSubjectReview's user name, or "unknown". */
  actor: string;
  /** The credential asked about: the one pasted in the tab, or the signed-in person's own (MEMDASH_WRITE_AS_USER). */
  credential: 'pasted' | 'session';
  answers: AccessAnswer[];
}

/** The JSON of GET /api/viewer: who is signed in (null without sign-in) and the namespaces they may read. */
export interface SignedIn {
  person: string | null;
  namespaces: 'all' | readonly string[];
}
