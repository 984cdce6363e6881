import { route } from '@/lib/http/route';
import { readSnapshotSchedule } from '@/lib/views/snapshot-schedule';

export const dynamic = 'force-dynamic';

/** When the snapshot CronJob runs next (UTC and its zone's time), whether it is suspended, and its last runs. */
export const GET = route(async () => Response.json(await readSnapshotSchedule(new Date())));
