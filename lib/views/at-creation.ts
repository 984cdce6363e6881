import 'server-only';
import type { Cluster } from '@/lib/cluster/cluster';
import { partOk, type HistoryAtCreation, type Part, type RegistrationState } from '@/lib/domain';
import { absentSince, historiesAtCreation, historyAtCreation, recordedStamp } from '@/lib/history/reads';
import { attemptStore } from './part';

export interface PastAtCreation {
  history?: HistoryAtCreation;
  registration: RegistrationState;
}

/**
 * What the explanation takes from the history for a pod created at `createdAt`: the past at its creation, and the
 * registration's current state with the time memdash saw it go. A store that cannot be read is this part's failure.
 */
export async function pastAtCreation(
  cluster: Cluster,
  createdAt: string | null,
  registration: RegistrationState,
): Promise<Part<PastAtCreation>> {
  if (!createdAt) return partOk({ registration });
  return attemptStore(async () => {
    const db = await cluster.history();
    const [history, since] = await Promise.all([historyAtCreation(db, createdAt), registration.present ? null : absentSince(db)]);
    return { history, registration: { ...registration, absentSince: registration.absentSince ?? since } };
  });
}

/** The past, or none when the store could not be read: the explanation stands without history (its limits say so). */
export async function withHistory(cluster: Cluster, createdAt: string | null, registration: RegistrationState): Promise<PastAtCreation> {
  const past = await pastAtCreation(cluster, createdAt, registration);
  if (past.ok) return past.value;
  console.error('memdash: the history store could not be read for an explanation:', past.error.message);
  return { registration };
}

/**
 * The past of many pods at once (the lists), in one bounded read of the store; an unreadable store leaves every
 * explanation without history, as for one pod.
 */
export async function withHistories(
  cluster: Cluster,
  createdAts: Array<string | null>,
  registration: RegistrationState,
): Promise<PastAtCreation[]> {
  const read = await attemptStore(async () => {
    const db = await cluster.history();
    const known = createdAts.filter((c): c is string => c !== null);
    const [histories, since] = await Promise.all([historiesAtCreation(db, known), registration.present ? null : absentSince(db)]);
    const past = { ...registration, absentSince: registration.absentSince ?? since };
    let next = 0;
    return createdAts.map((c): PastAtCreation => (c === null ? { registration } : { history: histories[next++], registration: past }));
  });
  if (read.ok) return read.value;
  console.error('memdash: the history store could not be read for the explanations:', read.error.message);
  return createdAts.map(() => ({ registration }));
}

/**
 * What the store holds for the pasts at creation, as a value equal to itself while nothing new is recorded. An
 * unreadable store gives a value equal to nothing, so verdicts judged without history are not kept for later.
 */
export async function pastsStamp(cluster: Cluster): Promise<unknown> {
  const read = await attemptStore(async () => recordedStamp(await cluster.history()));
  return read.ok ? read.value : Symbol('the history store could not be read');
}
