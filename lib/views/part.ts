import 'server-only';
import { partOk, type Part } from '@/lib/domain';
import { failureOf, storeFailureOf, type AppError } from '@/lib/errors';

/** Runs one read of a page; a failure becomes that part's error (logged when it is memdash's own fault). */
export async function attempt<T>(read: () => Promise<T>, mapFailure: (err: unknown) => AppError = failureOf): Promise<Part<T>> {
  try {
    return partOk(await read());
  } catch (err) {
    const { code, message } = mapFailure(err);
    return { ok: false, error: { code, message } };
  }
}

/** A read of the history store: as `attempt`, its failure said as the store's (storeFailureOf). */
export const attemptStore = <T>(read: () => Promise<T>): Promise<Part<T>> => attempt(read, storeFailureOf);

/** A read of one panel: as `attempt`, its failure naming the permission the read needs. */
export async function part<T>(needs: string, read: () => Promise<T>): Promise<Part<T>> {
  const result = await attempt(read);
  return result.ok ? result : { ...result, needs };
}

/**
 * The read's answer if it has come by `deadline` (ms since the epoch), else null: the page then streams the part
 * behind a Suspense boundary instead of holding the rest for it.
 */
export async function answeredBy<T>(read: Promise<T>, deadline: number): Promise<{ value: T } | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))));
  try {
    return await Promise.race([read.then((value) => ({ value })), late]);
  } finally {
    clearTimeout(timer);
  }
}
