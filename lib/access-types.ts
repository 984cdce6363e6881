// The JSON contract of POST /api/access (who the write credential is, what it may do).
import type { AccessAnswer } from '@/lib/domain/access';

export interface AccessResult {
  /** The SelfSubjectReview's user name, or "unknown". */
  actor: string;
  answers: AccessAnswer[];
}
