// The soak's figures from what it kept: per minute, the reads' p95 and errors and each replica's memory and event
// loop; the errors each set against the outages; the versions the store recorded against the writes made. Pure.
import type { Outage } from './faults.ts';
import type { Read } from './readers.ts';
import { canonical, type TableWrite } from './table-writes.ts';
import type { RecordedVersion } from './store.ts';

export interface MinuteSample {
  minute: number;
  replica: string;
  rssMb: number;
  loopDelayP99Ms: number;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// an outage's effect on the reads lasts a little past its end: answers already waiting, caches relisting
const OUTAGE_TAIL_MS = 15_000;
const during = (at: number, outages: Outage[]) => outages.find((o) => at >= o.from && at <= o.to + OUTAGE_TAIL_MS);

export interface MinuteReads {
  minute: number;
  reads: number;
  podPageP95Ms: number;
  explanationP95Ms: number;
  errors: number;
  /** Whether an outage fell in this minute: its p95 is not held to the target. */
  outage: string | null;
  /** How busy the machine's cores were in this minute (0-1), from /proc/stat: the soak adds it. */
  busyShare?: number;
}

export function readsPerMinute(reads: Read[], started: number, outages: Outage[]): MinuteReads[] {
  const minutes = new Map<number, Read[]>();
  for (const read of reads) {
    const minute = Math.floor((read.at - started) / 60_000);
    minutes.set(minute, [...(minutes.get(minute) ?? []), read]);
  }
  return [...minutes.entries()]
    .sort(([a], [b]) => a - b)
    .map(([minute, rs]) => {
      const from = started + minute * 60_000;
      const outage = outages.find((o) => o.from < from + 60_000 && o.to + OUTAGE_TAIL_MS > from);
      const p95 = (kind: Read['kind']) =>
        percentile(
          rs.filter((r) => r.kind === kind && r.status === 200).map((r) => r.ms),
          95,
        );
      return {
        minute,
        reads: rs.length,
        podPageP95Ms: p95('pod page'),
        explanationP95Ms: p95('explanation'),
        errors: rs.filter((r) => r.status !== 200).length,
        outage: outage?.fault ?? null,
      };
    });
}

export interface ErrorTally {
  /** While the API server was down: answered 503, as memdash must. */
  clear503DuringApiOutage: number;
  /** While the API server was down, answered otherwise. */
  otherDuringApiOutage: number;
  /** During another fault (a killed replica's connections, PostgreSQL or Prometheus away). */
  duringOtherFaults: number;
  /** With no fault going on: target 0. */
  outsideFaults: number;
  statuses: Record<string, number>;
  /** Per status, what the answers said (first words), and how often: what a 403 or a 500 was. */
  said: Record<string, number>;
}

export function tallyErrors(reads: Read[], outages: Outage[]): ErrorTally {
  const tally: ErrorTally = {
    clear503DuringApiOutage: 0,
    otherDuringApiOutage: 0,
    duringOtherFaults: 0,
    outsideFaults: 0,
    statuses: {},
    said: {},
  };
  for (const read of reads.filter((r) => r.status !== 200)) {
    tally.statuses[read.status] = (tally.statuses[read.status] ?? 0) + 1;
    if (read.said) {
      const key = `${read.status} ${read.said}`;
      tally.said[key] = (tally.said[key] ?? 0) + 1;
    }
    const outage = during(read.at, outages);
    if (!outage) tally.outsideFaults++;
    else if (!/API server/.test(outage.fault)) tally.duringOtherFaults++;
    else if (read.status === 503) tally.clear503DuringApiOutage++;
    else tally.otherDuringApiOutage++;
  }
  return tally;
}

export interface VersionCheck {
  /** The contents the writes left, each change once, in the order written. */
  written: number;
  recorded: number;
  sameOrder: boolean;
  /** The versions ordered by when they came in force give the same sequence too. */
  sameOrderInForce: boolean;
  /** The first place the two sequences part, for the report. */
  firstDifference: number | null;
}

/** Each write's content, a repeat of the content just before dropped (a snapshot that changed nothing writes none). */
export function expectedContents(before: string, writes: TableWrite[]): string[] {
  const contents: string[] = [];
  let last = before;
  for (const write of writes) {
    if (write.data === null) continue;
    const content = canonical(write.data);
    if (content !== last) contents.push(content);
    last = content;
  }
  return contents;
}

export function checkVersions(expected: string[], recorded: RecordedVersion[]): VersionCheck {
  const byId = recorded.map((v) => canonical(v.data));
  const byForce = [...recorded].sort((a, b) => a.inForceFrom.localeCompare(b.inForceFrom) || a.id - b.id).map((v) => canonical(v.data));
  const firstDifference = expected.findIndex((c, i) => byId[i] !== c);
  return {
    written: expected.length,
    recorded: recorded.length,
    sameOrder: expected.length === byId.length && firstDifference < 0,
    sameOrderInForce: expected.length === byForce.length && expected.every((c, i) => byForce[i] === c),
    firstDifference:
      firstDifference < 0 ? (expected.length === byId.length ? null : Math.min(expected.length, byId.length)) : firstDifference,
  };
}

/** RSS growth of each replica that lived from minute 5 to the end, in percent of its minute-5 figure. */
export function rssDrift(samples: MinuteSample[]): Record<string, number> {
  const drift: Record<string, number> = {};
  const last = Math.max(...samples.map((s) => s.minute));
  for (const name of new Set(samples.map((s) => s.replica))) {
    const mine = samples.filter((s) => s.replica === name);
    const at5 = mine.find((s) => s.minute === 5);
    const end = mine.find((s) => s.minute === last);
    if (at5 && end) drift[name] = ((end.rssMb - at5.rssMb) / at5.rssMb) * 100;
  }
  return drift;
}

/** What `npm run soak` writes to data/bench/soak-*.json. */
export interface SoakResult {
  at: string;
  minutes: number;
  clients: number;
  /** Seconds between one client's reads (0: again as soon as answered); absent in soaks from before the pace. */
  paceSeconds?: number;
  churnPerSecond: number;
  scale: number;
  pods: { created: number; deleted: number; failedCalls: number };
  firstSyncSeconds: number | null;
  faults: Array<{
    fault: string;
    at: string;
    awaySeconds: number;
    secondsToSync: number | null;
    differing: unknown[];
    relists: number;
    error: string | null;
  }>;
  /** `repairs`: relists the replicas' caches made on their own checks (a change a watch never delivered). */
  atTheEnd: { secondsToSync: number | null; differing: unknown[]; repairs?: number };
  versions: VersionCheck;
  /** Each content written and each version recorded, as the first 12 hex digits of its sha256, in order. */
  sequences: { written: string[]; recorded: string[] };
  /** Each write, with the short sha256 of the table it left (null when it failed). */
  writes: Array<{ at: string; by: string; content: string | null; error: string | null }>;
  audit: { snapshotRunsMade: number; recordedSuccess: number; recordedOther: number };
  readsPerMinute: MinuteReads[];
  errors: ErrorTally;
  replicasPerMinute: MinuteSample[];
  rssDriftPercent: Record<string, number>;
  loopDelayP99MsMax: number;
  unhandled: string[];
  /** The machine's cores over the run: how busy, and the processes that used them most (absent in older soaks). */
  cpu?: { cores: number; seconds: number; busyShare: number; top: Array<{ name: string; seconds: number }> };
}

/** One line of the soak's verdict: a figure, its target, and whether it was met. */
export interface SoakFigure {
  figure: string;
  value: string;
  target: string;
  pass: boolean;
}

function worst(values: number[]): number {
  const measured = values.filter((v) => !Number.isNaN(v));
  return measured.length === 0 ? NaN : Math.max(...measured);
}

export function soakFigures(r: SoakResult): SoakFigure[] {
  const quiet = r.readsPerMinute.filter((m) => m.outage === null);
  const p95 = worst(quiet.flatMap((m) => [m.podPageP95Ms, m.explanationP95Ms]));
  const drift = worst(Object.values(r.rssDriftPercent));
  const syncs = r.faults.map((f) => f.secondsToSync ?? NaN);
  const differing = r.faults.reduce((n, f) => n + f.differing.length, 0) + r.atTheEnd.differing.length;
  const failed = r.faults.filter((f) => f.error !== null);
  return [
    {
      figure: 'faults caused as planned',
      value: `${r.faults.length - failed.length} of ${r.faults.length}${failed.length > 0 ? ` (failed: ${failed.map((f) => f.fault).join('; ')})` : ''}`,
      target: 'all 5',
      pass: failed.length === 0 && r.faults.length === 5,
    },
    {
      figure: 'caches differing from a fresh list, after each fault and at the end',
      value: String(differing),
      target: '0',
      pass: differing === 0,
    },
    {
      figure: 'seconds until every cache agreed again, slowest fault',
      value: syncs.some(Number.isNaN) ? 'never' : worst(syncs).toFixed(1),
      target: 'shown',
      pass: !syncs.some(Number.isNaN),
    },
    {
      figure: 'table versions recorded / contents written, in order',
      value: `${r.versions.recorded} / ${r.versions.written}${r.versions.sameOrder && r.versions.sameOrderInForce ? ', same order' : ', order differs'}`,
      target: 'equal, same order',
      pass: r.versions.recorded === r.versions.written && r.versions.sameOrder && r.versions.sameOrderInForce,
    },
    {
      figure: 'audit records / snapshot runs made',
      value: `${r.audit.recordedSuccess} / ${r.audit.snapshotRunsMade}`,
      target: 'equal',
      pass: r.audit.recordedSuccess === r.audit.snapshotRunsMade,
    },
    {
      figure: 'pod page and explanation p95, worst minute without an outage',
      value: `${p95.toFixed(0)} ms`,
      target: '≤ 200 ms',
      pass: p95 <= 200,
    },
    { figure: 'errors with no fault going on', value: String(r.errors.outsideFaults), target: '0', pass: r.errors.outsideFaults === 0 },
    {
      figure: 'errors while the API server was down that were not a 503',
      value: String(r.errors.otherDuringApiOutage),
      target: '0',
      pass: r.errors.otherDuringApiOutage === 0,
    },
    { figure: 'RSS growth from minute 5 to the end, worst replica', value: `${drift.toFixed(1)} %`, target: '≤ 10 %', pass: drift <= 10 },
    {
      figure: 'event loop delay p99, worst minute',
      value: `${r.loopDelayP99MsMax.toFixed(1)} ms`,
      target: '≤ 100 ms',
      pass: r.loopDelayP99MsMax <= 100,
    },
    {
      figure: 'unhandled rejections and uncaught errors in the servers’ output',
      value: String(r.unhandled.length),
      target: '0',
      pass: r.unhandled.length === 0,
    },
  ];
}
