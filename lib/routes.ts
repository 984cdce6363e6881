import type { PageNeed } from '@/lib/domain/rights';

// Every link memdash builds to its own pages and APIs, each segment encoded. Names are checked where they come in,
// but a link is built from whatever the cluster returned, which is untrusted input.
const seg = encodeURIComponent;

/**
 * A page or API of one cluster: `path` as today's URLs named it (`/pods`, `/api/table?x=1`, `/` for its home) under
 * `/c/{cluster}`. Every link and fetch about a cluster is built here.
 */
export const clusterHref = (cluster: string, path: string) => `/c/${seg(cluster)}${path === '/' ? '' : path}`;

/**
 * A path as one cluster's pages and APIs name it, without its `/c/{cluster}` (`/c/prd/api/pods` → `/api/pods`); any
 * other path as it is. The server's rules about which path is a page, shares an answer or spends which budget are the
 * same in every cluster, and so is the header's idea of which page is open.
 */
export function pathInCluster(path: string): string {
  const inCluster = /^\/c\/[^/]+(\/.*)?$/.exec(path);
  return inCluster ? inCluster[1] || '/' : path;
}

// Each page's path in its cluster (`…Path`, for a server component's ClusterLink, which joins it to the page's cluster),
// and its whole URL (`…Href`, `…Api`: clusterHref of that path).
export const podPath = (namespace: string, pod: string) => `/pods/${seg(namespace)}/${seg(pod)}`;
export const podHref = (cluster: string, namespace: string, pod: string) => clusterHref(cluster, podPath(namespace, pod));
export const podsInNamespacePath = (namespace: string) => `/pods?namespace=${seg(namespace)}`;
export const podsInNamespaceHref = (cluster: string, namespace: string) => clusterHref(cluster, podsInNamespacePath(namespace));
/** /pods with the filters and order given (empty ones left out), and how many pods to list when given. */
export const podsPath = (
  query: { namespace?: string; name?: string; verdict?: string; sort?: string; direction?: string },
  limit?: number,
) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  if (limit !== undefined) params.set('limit', String(limit));
  const search = params.toString();
  return search ? `/pods?${search}` : '/pods';
};
export const podsHref = (cluster: string, ...args: Parameters<typeof podsPath>) => clusterHref(cluster, podsPath(...args));
export const workloadPath = (namespace: string, workload: string) => `/workloads/${seg(namespace)}/${seg(workload)}`;
export const workloadHref = (cluster: string, namespace: string, workload: string) =>
  clusterHref(cluster, workloadPath(namespace, workload));
export const workloadsApi = (cluster: string) => clusterHref(cluster, '/api/workloads');
export const tableApi = (cluster: string) => clusterHref(cluster, '/api/table');
/** How sure each row is, as the latest preview measured it. */
export const rowConfidenceApi = (cluster: string) => clusterHref(cluster, '/api/table/confidence');
export const workloadMemoryUrl = (cluster: string, namespace: string, workload: string, range?: string) =>
  clusterHref(cluster, `/api${workloadPath(namespace, workload)}/memory${range ? `?range=${range}` : ''}`);
/** The same workload in the other clusters the asker reads, beside this one. */
export const workloadAcrossUrl = (cluster: string, namespace: string, workload: string) =>
  clusterHref(cluster, `/api${workloadPath(namespace, workload)}/across`);
/** The Ctrl/Cmd-K search in every cluster the asker reads: server-wide, not under one cluster. */
export const searchEveryClusterUrl = (search: { namespace: string; name: string; limit: number }) => {
  const params = new URLSearchParams({ limit: String(search.limit) });
  if (search.namespace) params.set('namespace', search.namespace);
  if (search.name) params.set('name', search.name);
  return `/api/search?${params}`;
};
export const snapshotRunPath = (job: string) => `/snapshot/runs/${seg(job)}`;
export const snapshotRunHref = (cluster: string, job: string) => clusterHref(cluster, snapshotRunPath(job));
export const lifecycleApi = (cluster: string) => clusterHref(cluster, '/api/lifecycle');
export const diffPath = (from: number, to: number) => `/table/diff?from=${from}&to=${to}`;
export const diffHref = (cluster: string, from: number, to: number) => clusterHref(cluster, diffPath(from, to));
/** The break-glass page's commands for a control-plane node: when the API server or the token is the broken thing. */
export const CONTROL_PLANE_FALLBACK_PATH = '/break-glass#control-plane-fallback';
export const controlPlaneFallbackHref = (cluster: string) => clusterHref(cluster, CONTROL_PLANE_FALLBACK_PATH);
export const incidentPath = (id: string) => `/incidents/${seg(id)}`;
export const incidentHref = (cluster: string, id: string) => clusterHref(cluster, incidentPath(id));
export const incidentExportPath = (id: string, format: 'md' | 'json') => `/api/incidents/${seg(id)}/export?format=${format}`;

/** One page of the navigation, `href` as a path in its cluster (clusterHref); `needs`, what of the rights it needs to show more than "Not yours to read". */
export interface NavigationPage {
  href: string;
  label: string;
  about: string;
  needs?: PageNeed;
}

/** The pages of the header's navigation and the home page's list, in one place. */
export const NAVIGATION: ReadonlyArray<NavigationPage> = [
  {
    href: '/pods',
    needs: 'pods',
    label: 'Pods',
    about: 'find a pod by namespace and name, then see why each of its containers has its memory request.',
  },
  { href: '/table', needs: 'table', label: 'Table', about: "today's table as Kyverno reads it, the malformed rows flagged." },
  {
    href: '/table/snapshots',
    needs: 'table',
    label: 'Versions',
    about: 'every recorded version of the table and a diff between two: what the snapshot wrote, and what changed.',
  },
  {
    href: '/table/preview',
    needs: 'table',
    label: 'Preview',
    about: 'the next table as the snapshot job would compute it now, and whether its guard would let it: written nowhere.',
  },
  {
    href: '/workloads',
    needs: 'pods',
    label: 'Workloads',
    about: "a workload's working set against its request, limit and row over 28 days.",
  },
  { href: '/webhook', label: 'Webhook', about: 'whether pod creation is safe — the registration, the replicas, the probe, refusals.' },
  {
    href: '/break-glass',
    label: 'Break-glass',
    about:
      "restore pod creation when Kyverno's webhook refuses it, bring Kyverno back, restart what was created meanwhile; drill it with Kyverno healthy (/break-glass/drill).",
  },
  {
    href: '/incidents',
    label: 'Incidents',
    about:
      'every break-glass and drill as an incident: its timeline, who pressed each step, how long pod creation and Kyverno took to come back, its postmortem draft.',
  },
  {
    href: '/lifecycle',
    label: 'Lifecycle',
    about:
      'after upgrading Kyverno, the owner its removal depends on; before and after removing it, what stays (owner-less registrations, its CRDs) and their deletes.',
  },
  {
    href: '/snapshot/runs',
    needs: 'kyvernoLogs',
    label: 'Runs',
    about:
      'the snapshot\'s recent runs and their outcomes; run it by hand and follow it, override its guard after a "fewer than half" refusal, or restore a saved table (/table/restore). Writes take a credential given in the page.',
  },
  {
    href: '/audit',
    needs: 'audit',
    label: 'Audit',
    about: "every write attempt memdash was asked to make: who, what, target, outcome, the cluster's answer.",
  },
];

/**
 * A path segment as it was typed: the browser's router hands segments still percent-encoded (`caf%C3%A9`), the server
 * hands them decoded. One that is not valid encoding is shown as it came.
 */
export function segmentAsTyped(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
