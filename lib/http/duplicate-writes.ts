import 'server-only';
import { DUPLICATE_REFUSED } from '@/lib/domain';
import { AppError } from '@/lib/errors';

// One write per press, on the server: a double-click sent every drill step twice, and the second scale-down,
// delete or scale-up then read as a second operator's. A write is refused (409) while the same action on the same
// target by the same person is running, or began less than `withinMs` before. Per process: two replicas of memdash
// behind one Service each see their own (the button is disabled at once in the browser too). On globalThis: Next may
// load this module more than once.

const KEY = Symbol.for('memdash.duplicate-writes');
interface Started {
  at: number;
  running: boolean;
}
type WithStarted = typeof globalThis & { [KEY]?: Map<string, Started> };

const started = (): Map<string, Started> => ((globalThis as WithStarted)[KEY] ??= new Map());

export interface WriteKey {
  action: string;
  target: string;
  actor: string;
  signedIn: string | null;
}

/**
 * Claims the write for `key`, or throws a 409 naming the one it duplicates. Gives the release to call once the write
 * has ended (its start still counts for `withinMs`).
 */
export function claimWrite(key: WriteKey, withinMs: number, now = Date.now()): () => void {
  const all = started();
  for (const [k, s] of all) if (!s.running && now - s.at >= withinMs) all.delete(k); // only the last moment is kept
  const id = JSON.stringify([key.action, key.target, key.actor, key.signedIn]);
  const earlier = all.get(id);
  if (earlier && (earlier.running || now - earlier.at < withinMs)) {
    // two presses at once: this one may have begun first and still reached its claim second
    const ago = now - earlier.at;
    const when = ago > 0 ? `${ago} ms earlier` : 'at the same moment';
    throw new AppError(
      'conflict',
      `${DUPLICATE_REFUSED}: ${key.action} on ${key.target} by ${key.actor} began ${when}` +
        `${earlier.running ? ' and is still running' : ''}. One write per press: press again after ${Math.ceil(withinMs / 1000)} s if you mean it.`,
    );
  }
  const mine: Started = { at: now, running: true };
  all.set(id, mine);
  return () => void (mine.running = false);
}
