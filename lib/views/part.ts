import 'server-only';
import { partOk, type Part } from '@/lib/domain';
import { failureOf } from '@/lib/http/errors';

/** Runs one read of a page; a failure becomes that part's error (logged when it is memdash's own fault). */
export async function attempt<T>(read: () => Promise<T>): Promise<Part<T>> {
  try {
    return partOk(await read());
  } catch (err) {
    const { code, message } = failureOf(err);
    return { ok: false, error: { code, message } };
  }
}

/** A read of one panel: as `attempt`, its failure naming the permission the read needs. */
export async function part<T>(needs: string, read: () => Promise<T>): Promise<Part<T>> {
  const result = await attempt(read);
  return result.ok ? result : { ...result, needs };
}
