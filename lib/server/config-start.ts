import 'server-only';
import { settings, SettingsError } from '@/lib/config';

/**
 * Parses the settings once at start; on a bad one, says which (never its value) and ends the process. Next only logs
 * what instrumentation's register() throws and serves on. (Its own module: the edge build of instrumentation.ts
 * warns about process.exit there, though that branch never runs at the edge.)
 */
export function exitOnBadSettings(): void {
  try {
    settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
