import 'server-only';
import { clusters } from '@/lib/cluster/registry';
import { ClustersError } from '@/lib/cluster/config';
import { settings, SettingsError } from '@/lib/config';

/**
 * Parses the settings once at start; on a bad one, says which (never its value) and ends the process. Next only logs
 * what instrumentation's register() throws and serves on. (Its own module: the edge build of instrumentation.ts
 * warns about process.exit there, though that branch never runs at the edge.)
 */
export function exitOnBadSettings(): void {
  try {
    settings();
    clusters();
  } catch (error) {
    if (error instanceof ClustersError) {
      console.error(`memdash: bad clusters, not starting:\n${error.problems.map((p) => `  - ${p}`).join('\n')}`);
      process.exit(1);
    }
    if (!isUnreadableFile(error) && !(error instanceof SettingsError)) throw error;
    console.error(
      isUnreadableFile(error) ? `memdash: MEMDASH_CLUSTERS: cannot read the file (${error.code}), not starting` : error.message,
    );
    process.exit(1);
  }
}

const isUnreadableFile = (error: unknown): error is NodeJS.ErrnoException =>
  error instanceof Error &&
  typeof (error as NodeJS.ErrnoException).code === 'string' &&
  (error as NodeJS.ErrnoException).syscall === 'open';
