// Marks on a chart (the table's writes, the ends of pods) are drawn as lines with their words beside them. Words of
// marks close together were drawn over each other, unreadable; a mark too close to the last one labelled keeps its
// line and its words on hover, and gives up the words on the chart.

/** The least distance between two labelled marks, as a part of the chart's window: a label's width on a wide chart. */
export const LABEL_GAP = 0.03;

/** Per mark (in the order given), whether its words are drawn: the newest of each close group, the latest news. */
export function labelledMarks(times: readonly number[], window: { start: number; end: number }, gap = LABEL_GAP): boolean[] {
  const span = window.end - window.start;
  const shown = times.map(() => false);
  let last = Infinity;
  for (const i of times.map((_, i) => i).sort((a, b) => times[b]! - times[a]!)) {
    if (span > 0 && (last - times[i]!) / span < gap) continue;
    shown[i] = true;
    last = times[i]!;
  }
  return shown;
}
