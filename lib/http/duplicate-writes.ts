import 'server-only';
import { DUPLICATE_REFUSED } from '@/lib/domain';
import { AppError } from '@/lib/errors';

// One write per press, on the server: a double-click sent every drill step twice, and the second scale-down,
// delete or scale-up then read as a second operator's. A write is refused (409) while the same action on the same
// target of the same cluster by the same person is running, or began less than `withinMs` before: the same step in
// another cluster (prd's scale-down, then stg's) is another write. Per process: two replicas of memdash
// behind one Service each see their own (the button is disabled at once in the browser too). On globalThis: Next may
// load this module more than once.

const KEY = Symbol.for('memdash.duplicate-writes');
interface Started {
  id: string;
  at: number;
  running: boolean;
}
/** Per person: their presses still running, and their last press (a duplicate repeats it with nothing between). */
interface Presses {
  running: Set<Started>;
  last: Started | null;
}
type WithStarted = typeof globalThis & { [KEY]?: Map<string, Presses> };

const started = (): Map<string, Presses> => ((globalThis as WithStarted)[KEY] ??= new Map());

export interface WriteKey {
  /** The cluster written to (the audit record's); none: refused before one was named. */
  cluster?: string;
  action: string;
  target: string;
  actor: string;
  signedIn: string | null;
}

/**
 * Claims the write for `key`, or throws a 409 naming the one it duplicates: the same write by the same person still
 * running, or their last press, begun less than `withinMs` before. A press of another step in between ends the
 * moment: the drill's probe after its delete step, a second after the probe before it, is a step of its own. Gives
 * the release to call once the write has ended: its start still counts for `withinMs` if it went through; a press
 * the cluster refused is forgotten, so the operator can press again at once with another credential.
 */
export function claimWrite(key: WriteKey, withinMs: number, now = Date.now()): (wentThrough?: boolean) => void {
  const all = started();
  for (const [k, p] of all) if (p.running.size === 0 && (!p.last || now - p.last.at >= withinMs)) all.delete(k); // only the last moment is kept
  const person = JSON.stringify([key.actor, key.signedIn]);
  const id = JSON.stringify([key.cluster ?? null, key.action, key.target]);
  const presses = all.get(person) ?? { running: new Set<Started>(), last: null };
  const running = [...presses.running].find((s) => s.id === id);
  const repeated = presses.last?.id === id && now - presses.last.at < withinMs ? presses.last : undefined;
  const earlier = running ?? repeated;
  if (earlier) {
    // two presses at once: this one may have begun first and still reached its claim second
    const ago = now - earlier.at;
    const when = ago > 0 ? `${ago} ms earlier` : 'at the same moment';
    throw new AppError(
      'conflict',
      `${DUPLICATE_REFUSED}: ${key.action} on ${key.target}${key.cluster ? ` in cluster ${key.cluster}` : ''} by ${key.actor} began ${when}` +
        `${earlier.running ? ' and is still running' : ''}. One write per press: press again after ${Math.ceil(withinMs / 1000)} s if you mean it.`,
    );
  }
  const mine: Started = { id, at: now, running: true };
  presses.running.add(mine);
  presses.last = mine;
  all.set(person, presses);
  return (wentThrough = true) => {
    mine.running = false;
    presses.running.delete(mine);
    if (!wentThrough && presses.last === mine) presses.last = null;
  };
}
