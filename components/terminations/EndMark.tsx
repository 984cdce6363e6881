import { readableTime, type TerminationMark } from '@/lib/domain';

// An OOM kill or an eviction on a workload's chart: a mark along the time it happened, as the table's writes are.

export const END_COLOUR = 'var(--chart-end)';

const SOURCE_WORDS: Record<TerminationMark['source'], string> = {
  recorder: "memdash's recorder",
  'kube-state-metrics': 'kube-state-metrics',
  cadvisor: 'cAdvisor',
};

/** The words of a mark: "OOMKilled web-1/app" or "evicted web-1". */
export function endWords(m: TerminationMark): string {
  return m.kind === 'oom-kill' ? `OOMKilled ${m.pod}${m.container ? `/${m.container}` : ''}` : `evicted ${m.pod}`;
}

/** A mark's label, along its line from the bottom: what ended (its time and source on hover). */
export function EndLabel({
  mark,
  zone,
  x = 0,
  y = 0,
  words = true,
}: {
  mark: TerminationMark;
  zone: string;
  x?: number;
  y?: number;
  /** Whether its word is drawn: not when it would stand on a nearer mark's (labelledMarks). */
  words?: boolean;
}) {
  const at = new Date(mark.t * 1000);
  return (
    <g data-testid="chart-end" data-kind={mark.kind} data-pod={mark.pod} data-at={at.toISOString()} data-source={mark.source}>
      <title>{`${endWords(mark)} at ${readableTime(at, zone)} (seen by ${SOURCE_WORDS[mark.source]})`}</title>
      <text x={x - 4} y={y + 4} textAnchor="end" transform={`rotate(-90 ${x - 4} ${y + 4})`} fontSize={11} fill={END_COLOUR}>
        {words ? (mark.kind === 'oom-kill' ? 'OOM' : 'evicted') : ''}
      </text>
    </g>
  );
}
