// What each cell of a cluster's row says, and where it links: the same cells for the table on a desktop and the card
// on a phone. Each links to the cluster's page that explains it. Pure: `now` comes in.
import { ageOf, WEBHOOK_STATE_WORDS, type Part } from '@/lib/domain';
import type { FleetRowView, FleetSeverity } from '@/lib/views/fleet-types';
import type { Tone } from '@/components/ui/tone';
import { clusterHref } from '@/lib/routes';

export interface FleetCell {
  key: 'apiServer' | 'podCreation' | 'kyverno' | 'policy' | 'table' | 'snapshot' | 'drift' | 'oomKills' | 'incident';
  /** The column's heading, and the label on a phone's card. */
  label: string;
  text: string;
  tone: Tone;
  href: string;
  /** The longer reason, on hover. */
  title?: string;
}

export const homeHref = (cluster: string) => clusterHref(cluster, '/');

export const SEVERITY_WORDS: Record<FleetSeverity, string> = {
  'pods-refused': 'pods refused',
  unknown: 'unknown',
  degraded: 'degraded',
  table: 'table',
  drift: 'drift',
  healthy: 'healthy',
};

export const SEVERITY_TONE: Record<FleetSeverity, Tone> = {
  'pods-refused': 'bad',
  unknown: 'warn',
  degraded: 'warn',
  table: 'warn',
  drift: 'plain',
  healthy: 'good',
};

/** The cells of a row, in the columns' order. */
export function fleetCells(row: FleetRowView, now: Date): FleetCell[] {
  const c = row.cluster;
  const at = (path: string) => clusterHref(c, path);
  return [
    failedOr(row.apiServer, { key: 'apiServer', label: 'API server', href: at('/') }, (v) => ({ text: v.version, tone: 'good' })),
    failedOr(row.podCreation, { key: 'podCreation', label: 'Pod creation', href: at('/webhook') }, (v) => ({
      text: `${WEBHOOK_STATE_WORDS[v.state].toLowerCase()}; ${v.probeOutcome ? `probe ${v.probeOutcome} ${formatAge(v.probeAgeSeconds!)}` : 'no probe yet'}`,
      tone: v.state === 'healthy' ? 'good' : v.state === 'refusing' || v.state === 'break-glass' ? 'bad' : 'warn',
      title: v.reason,
      ...(v.state === 'refusing' ? { href: at('/break-glass') } : {}),
    })),
    failedOr(row.kyverno, { key: 'kyverno', label: 'Kyverno', href: at('/webhook') }, (v) => ({
      text: `${v.version ?? 'no version'}; ${v.replicas ? `${v.replicas.ready}/${v.replicas.desired} ready` : 'no Deployment'}`,
      tone: !v.replicas || v.replicas.ready < v.replicas.desired ? 'warn' : 'good',
    })),
    failedOr(row.policy, { key: 'policy', label: 'Policy', href: at('/webhook') }, (v) => ({
      text: `${words(v.ready, 'READY', 'not READY')}; ${words(v.tableLoaded, 'table loaded', 'table not loaded')}`,
      tone: v.ready === false || v.tableLoaded === false ? 'bad' : v.ready && v.tableLoaded ? 'good' : 'warn',
    })),
    failedOr(row.table, { key: 'table', label: 'Table', href: at('/table') }, (v) => ({
      text:
        v.rows === null
          ? 'withheld'
          : `${v.rows} rows; ${v.lastWriteAt ? `written ${ageOf(new Date(v.lastWriteAt), now)}` : 'never written'}${v.overdue ? ', overdue' : ''}`,
      tone: v.rows === 0 || v.overdue ? 'bad' : v.rows === null ? 'plain' : 'good',
    })),
    failedOr(row.table, { key: 'snapshot', label: 'Last run', href: at('/snapshot/runs') }, (v) => ({
      text: v.lastRun ?? (v.rows === null ? 'withheld' : 'none'),
      tone: v.lastRun === 'failed' ? 'bad' : v.lastRun === 'succeeded' ? 'good' : 'plain',
    })),
    failedOr(row.drift, { key: 'drift', label: 'Drift', href: at('/pods?verdict=differs') }, (v) => ({
      text: v.pods === 0 ? 'none' : `${v.pods} ${v.pods === 1 ? 'pod' : 'pods'}, ${formatGiB(v.bytes)}`,
      tone: v.pods === 0 ? 'good' : 'warn',
    })),
    failedOr(row.oomKills24h, { key: 'oomKills', label: 'OOM kills 24 h', href: at('/workloads?sort=oomKills') }, (v) => ({
      text: String(v),
      tone: v === 0 ? 'good' : 'warn',
    })),
    row.openIncident
      ? {
          key: 'incident',
          label: 'Incident',
          href: at(`/incidents/${encodeURIComponent(row.openIncident.id)}`),
          text: `${row.openIncident.kind} open`,
          tone: 'bad',
        }
      : { key: 'incident', label: 'Incident', href: at('/incidents'), text: 'none', tone: 'good' },
  ];
}

type Fixed = Pick<FleetCell, 'key' | 'label' | 'href'>;

/** A cell from its part: what failed says why (its message on hover), in the cell alone. */
function failedOr<T>(
  part: Part<T>,
  fixed: Fixed,
  show: (value: T) => Omit<FleetCell, 'key' | 'label' | 'href'> & { href?: string },
): FleetCell {
  if (!part.ok)
    return { ...fixed, text: part.error.message, tone: part.error.code === 'withheld' ? 'plain' : 'bad', title: part.error.message };
  return { ...fixed, ...show(part.value) };
}

const words = (value: boolean | null, yes: string, no: string) => (value === null ? `${yes}: not said yet` : value ? yes : no);

const formatAge = (seconds: number) => ageOf(new Date(0), new Date(seconds * 1000));

/** Bytes as GiB to one decimal, signed: drift may hold less than the rows give. */
export function formatGiB(bytes: number): string {
  const gib = bytes / 2 ** 30;
  return `${gib < 0 ? '−' : ''}${Math.abs(gib).toFixed(1)} GiB`;
}
