import 'server-only';
import { readClients, readTarget } from './client';

/** What /readyz answers when the API server answers: which server, through which context, at which version. */
export interface Readiness {
  ready: true;
  version: string;
  context: string;
  server: string;
}

/** Asks the API server for its version, the cheapest call that proves it answers; throws when it does not. */
export async function readiness(): Promise<Readiness> {
  const info = await readClients().version.getCode();
  return { ready: true, version: info.gitVersion, ...readTarget() };
}
