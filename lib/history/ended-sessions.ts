import 'server-only';
import type { HistoryDb } from './db';
import { storedTime } from './store';

// The sessions signed out before they ended (lib/auth/ended-sessions.ts): a sealed session cookie needs no store to
// open, so a copy of one kept after sign-out would open until its end. Each replica reads this list, so a sign-out on
// one ends the session on all. A row is needed only until the session would have ended anyway, then it goes. The rows
// are the server's, of no cluster: whichever cluster's HistoryDb is handed in reads and writes them all.

/** Records that session `sid`, which would end at `endsAt`, was signed out; drops the rows of sessions now ended. */
export async function recordEndedSession(db: HistoryDb, sid: string, endsAt: number, now: Date): Promise<void> {
  await db.kysely
    .insertInto('ended_sessions')
    .values({ sid, ends_at: storedTime(new Date(endsAt)) })
    .onConflict((c) => c.column('sid').doNothing())
    .execute();
  await db.kysely.deleteFrom('ended_sessions').where('ends_at', '<', storedTime(now)).execute();
}

/** The sessions signed out that would still be open at `now`, with when each would have ended (ms since the epoch). */
export async function endedSessions(db: HistoryDb, now: Date): Promise<Map<string, number>> {
  const rows = await db.kysely.selectFrom('ended_sessions').select(['sid', 'ends_at']).where('ends_at', '>=', storedTime(now)).execute();
  return new Map(rows.map((r) => [r.sid, Date.parse(r.ends_at)]));
}
