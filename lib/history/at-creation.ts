import 'server-only';
import type { HistoryAtCreation, RegistrationState } from '@/lib/domain';
import { historyDb } from './index';
import { absentSince, historyAtCreation } from './reads';

/**
 * What the explanation takes from the history for a pod created at `createdAt`: the past at its creation, and the
 * registration's current state with the time memdash saw it go. A store that cannot be read leaves the explanation
 * as it was without history (its limits say so) rather than failing the page.
 */
export async function withHistory(
  createdAt: string | null,
  registration: RegistrationState,
): Promise<{ history?: HistoryAtCreation; registration: RegistrationState }> {
  if (!createdAt) return { registration };
  try {
    const db = await historyDb();
    const [history, since] = await Promise.all([historyAtCreation(db, createdAt), registration.present ? null : absentSince(db)]);
    return { history, registration: { ...registration, absentSince: registration.absentSince ?? since } };
  } catch (err) {
    console.error('memdash: the history store could not be read for an explanation:', err instanceof Error ? err.message : err);
    return { registration };
  }
}
