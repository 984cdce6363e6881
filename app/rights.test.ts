// Every page and route under app/ with the right it needs, so that a new one cannot answer before someone decides
// what it shows to whom: a file not listed here fails, and a listed one that reads must ask for the asker's rights.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

type Need =
  | 'open' // answered before sign-in, or holds nothing read from the cluster for a person
  | 'signed-in' // everyone signed in: the webhook's state, the break-glass's steps, the writes (their own credential)
  | 'cut' // everyone signed in, each answer cut to their namespaces (and its panels withheld as their rights say)
  | 'namespace' // 404 outside their namespaces
  | 'table'
  | 'logs'
  | 'audit';

const NEEDS: Record<string, Need> = {
  'app/page.tsx': 'cut', // the fleet, cut to the rights in each cluster; with one cluster, a redirect to its home
  'app/c/[cluster]/page.tsx': 'cut',
  'app/healthz/route.ts': 'open',
  'app/readyz/route.ts': 'open',
  'app/metrics/route.ts': 'open',
  'app/auth/callback/route.ts': 'open',
  'app/auth/sign-in/route.ts': 'open',
  'app/auth/sign-out/route.ts': 'open',
  'app/auth/refresh/route.ts': 'open',
  'app/auth/signed-out/route.ts': 'open',
  'app/c/[cluster]/pods/page.tsx': 'cut',
  'app/c/[cluster]/pods/[namespace]/[pod]/page.tsx': 'namespace',
  'app/c/[cluster]/api/pods/route.ts': 'cut',
  'app/api/search/route.ts': 'cut',
  'app/c/[cluster]/api/pods/[namespace]/[pod]/explanation/route.ts': 'namespace',
  'app/c/[cluster]/workloads/page.tsx': 'cut',
  'app/c/[cluster]/api/workloads/route.ts': 'cut',
  'app/c/[cluster]/workloads/[namespace]/[workload]/page.tsx': 'table',
  'app/c/[cluster]/api/workloads/[namespace]/[workload]/memory/route.ts': 'table',
  'app/c/[cluster]/api/workloads/[namespace]/[workload]/across/route.ts': 'table',
  'app/c/[cluster]/api/workloads/[namespace]/[workload]/restart/route.ts': 'signed-in',
  'app/c/[cluster]/table/page.tsx': 'table',
  'app/c/[cluster]/table/diff/page.tsx': 'table',
  'app/c/[cluster]/table/preview/page.tsx': 'table',
  'app/c/[cluster]/table/restore/page.tsx': 'table',
  'app/c/[cluster]/table/snapshots/page.tsx': 'table',
  'app/c/[cluster]/api/table/route.ts': 'table',
  'app/c/[cluster]/api/table/confidence/route.ts': 'cut',
  'app/c/[cluster]/api/table/diff/route.ts': 'table',
  'app/c/[cluster]/api/table/snapshots/route.ts': 'table',
  'app/c/[cluster]/api/table/restore/diff/route.ts': 'table',
  'app/c/[cluster]/api/table/restore/route.ts': 'signed-in',
  'app/c/[cluster]/api/table/override/route.ts': 'signed-in',
  'app/c/[cluster]/api/history/imports/route.ts': 'signed-in',
  'app/c/[cluster]/api/snapshot/preview/route.ts': 'table',
  'app/c/[cluster]/snapshot/override/page.tsx': 'logs',
  'app/c/[cluster]/snapshot/runs/page.tsx': 'logs',
  'app/c/[cluster]/snapshot/runs/[job]/page.tsx': 'logs',
  'app/c/[cluster]/api/snapshot/runs/route.ts': 'logs',
  'app/c/[cluster]/api/snapshot/schedule/route.ts': 'logs',
  'app/c/[cluster]/api/snapshot/runs/[job]/route.ts': 'logs',
  'app/c/[cluster]/api/snapshot/runs/[job]/events/route.ts': 'logs',
  'app/c/[cluster]/api/webhook/logs/route.ts': 'logs',
  'app/c/[cluster]/audit/page.tsx': 'audit',
  'app/c/[cluster]/api/audit/route.ts': 'audit',
  'app/c/[cluster]/webhook/page.tsx': 'cut',
  'app/c/[cluster]/api/webhook/route.ts': 'cut',
  'app/c/[cluster]/api/webhook/state/route.ts': 'signed-in',
  'app/c/[cluster]/api/webhook/probe/route.ts': 'signed-in',
  'app/c/[cluster]/api/access/route.ts': 'signed-in',
  'app/api/viewer/route.ts': 'signed-in',
  'app/c/[cluster]/api/caches/route.ts': 'cut',
  'app/c/[cluster]/break-glass/page.tsx': 'cut',
  'app/c/[cluster]/break-glass/drill/page.tsx': 'signed-in',
  'app/c/[cluster]/api/break-glass/route.ts': 'cut',
  'app/c/[cluster]/api/break-glass/[step]/route.ts': 'signed-in',
  'app/c/[cluster]/api/break-glass/drill/route.ts': 'cut',
  'app/c/[cluster]/api/break-glass/drill/[action]/route.ts': 'signed-in',
  'app/c/[cluster]/api/break-glass/pods-created/route.ts': 'cut',
  'app/c/[cluster]/lifecycle/page.tsx': 'signed-in',
  'app/c/[cluster]/api/lifecycle/route.ts': 'signed-in',
  'app/c/[cluster]/api/lifecycle/[action]/route.ts': 'signed-in',
  'app/c/[cluster]/incidents/page.tsx': 'cut',
  'app/c/[cluster]/incidents/[id]/page.tsx': 'cut',
  'app/c/[cluster]/api/incidents/route.ts': 'cut',
  'app/c/[cluster]/api/incidents/[id]/route.ts': 'cut',
  'app/c/[cluster]/api/incidents/[id]/export/route.ts': 'cut',
  // every cluster the asker sees (seesCluster), each row cut to their rights there
  'app/api/fleet/route.ts': 'cut',
};

const root = join(import.meta.dirname, '..');

function answering(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return answering(path);
    return entry.name === 'page.tsx' || entry.name === 'route.ts' ? [relative(root, path)] : [];
  });
}

describe('every page and route', () => {
  const files = answering(join(root, 'app')).sort();

  it('has the right it needs decided', () => {
    expect(files.filter((file) => !(file in NEEDS))).toEqual([]);
    expect(Object.keys(NEEDS).filter((file) => !files.includes(file))).toEqual([]);
  });

  it.each(files.filter((file) => !['open', 'signed-in'].includes(NEEDS[file] ?? 'open')))('%s asks for the asker’s rights', (file) => {
    expect(readFileSync(join(root, file), 'utf8')).toMatch(/rights(ByCluster)?Of(Asker|Page)\(/);
  });

  // Even what everyone signed in reads asks whether the gate passed the request: a path the gate misjudged (a dot
  // segment it saw and Next resolved) is then still refused by the route. The write guard asks for its routes.
  it.each(files.filter((file) => NEEDS[file] === 'signed-in'))('%s asks whether the asker signed in', (file) => {
    expect(readFileSync(join(root, file), 'utf8')).toMatch(/rightsOf(Asker|Page)\(|guarded(Write|Check)\(|jsonObjectOf\(/);
  });
});
