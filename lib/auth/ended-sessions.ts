import 'server-only';
import { historyDb } from '@/lib/history';
import { endedSessions, recordEndedSession } from '@/lib/history/ended-sessions';
import { openSession, type Session } from './session';

// Sign-out that holds: a session cookie is sealed, so it opens by itself until it ends, and a copy kept after
// sign-out (a second browser, a proxy's log, a stolen laptop's profile) would keep working. Sign-out therefore puts
// the session's id on a list in the history store, which every replica shares, and the gate refuses an id on it. The
// gate asks a copy of the list in memory, never the store, so a request costs a Set lookup; the copy is read again
// every few seconds, which is how long a sign-out on another replica takes to reach this one.

/** How often the list is read again from the store. */
const FOLLOW_MS = 5_000;

const KEY = Symbol.for('memdash.ended-sessions');
interface Ended {
  /** sid → when the session would have ended by itself (ms since the epoch) */
  ids: Map<string, number>;
  timer?: NodeJS.Timeout;
  failing?: boolean;
}
type WithEnded = typeof globalThis & { [KEY]?: Ended };

function ended(): Ended {
  const g = globalThis as WithEnded;
  return (g[KEY] ??= { ids: new Map() });
}

/** Whether session `sid` was signed out (here, or on another replica as of the last read). */
function isEnded(sid: string): boolean {
  return ended().ids.has(sid);
}

/**
 * The session a cookie holds, or null for one that does not open or was signed out: a copy kept after sign-out opens,
 * being sealed, but neither passes the gate nor is renewed.
 */
export async function openLiveSession(cookie: string | undefined, key: Uint8Array, now: Date): Promise<Session | null> {
  const session = await openSession(cookie, key, now);
  return session && !isEnded(session.sid) ? session : null;
}

/** Ends session `sid` here at once and, through the store, on every replica. */
export async function endSession(sid: string, endsAt: number, now: Date): Promise<void> {
  ended().ids.set(sid, endsAt);
  await recordEndedSession(await historyDb(), sid, endsAt, now);
}

/** Reads the list now, then every few seconds for as long as the server runs. Once per process. */
export async function followEndedSessions(): Promise<void> {
  const state = ended();
  if (state.timer) return;
  await readList(state);
  state.timer = setInterval(() => void readList(state), FOLLOW_MS);
  state.timer.unref();
}

async function readList(state: Ended): Promise<void> {
  try {
    const now = new Date();
    const stored = await endedSessions(await historyDb(), now);
    // this replica's own sign-outs stay even if their write has not landed yet
    for (const [sid, endsAt] of state.ids) if (endsAt >= now.getTime() && !stored.has(sid)) stored.set(sid, endsAt);
    state.ids = stored;
    if (state.failing) console.log('memdash: the list of signed-out sessions is read again');
    state.failing = false;
  } catch (err) {
    // the last list read stays in force; said once, not every few seconds
    if (!state.failing)
      console.error('memdash: the list of signed-out sessions could not be read:', err instanceof Error ? err.message : err);
    state.failing = true;
  }
}
