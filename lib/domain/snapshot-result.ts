// What a run of the snapshot job ended with, read from its log the way an operator reads `kubectl logs job/<job>`:
//   table <ns>/<name>: <n> rows, <n> new, <n> gone        → it wrote the table
//   table <ns>/<name> left as it is: <reason>             → its guard refused (exit 1); the table is as it was
//   Traceback (most recent call last): …                  → it crashed (Prometheus or the API server failed)

export type SnapshotResult =
  | { kind: 'success'; rows: number; new: number; gone: number; line: string }
  | {
      kind: 'refusal';
      reason: string;
      /** only "fewer than half" may be overridden; an empty result never */ overridable: boolean;
      line: string;
    }
  | { kind: 'failed'; traceback: string }
  | { kind: 'unknown'; /** the log's last line, when the log ends with none of the above */ lastLine: string | null };

const SUCCESS = /^table (\S+): (\d+) rows, (\d+) new, (\d+) gone\s*$/;
const REFUSAL = /^table (\S+) left as it is: (.+)$/;
const TRACEBACK = 'Traceback (most recent call last):';

/** The result of one try from its log lines; `unknown` while the log holds none yet (a try still running). */
export function snapshotResultOf(log: string): SnapshotResult {
  const lines = log.split('\n').map((l) => l.replace(/\r$/, ''));
  const tracebackAt = lines.findIndex((l) => l.startsWith(TRACEBACK));
  if (tracebackAt >= 0) return { kind: 'failed', traceback: lines.slice(tracebackAt).join('\n').trimEnd() };
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!.trim();
    const success = SUCCESS.exec(line);
    if (success) return { kind: 'success', rows: Number(success[2]), new: Number(success[3]), gone: Number(success[4]), line };
    const refusal = REFUSAL.exec(line);
    if (refusal) return { kind: 'refusal', reason: refusal[2]!, overridable: /fewer than half/.test(refusal[2]!), line };
  }
  const last = lines.filter((l) => l.trim() !== '').pop() ?? null;
  return { kind: 'unknown', lastLine: last };
}
