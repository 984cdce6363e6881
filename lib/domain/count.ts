import { formatNumber } from './number-format';

/** A count as every page writes one: thousands separated, no decimals ("20,000 pods"). */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? formatNumber(Math.round(n), 0) : String(n);
}

/** A count with its noun, singular for one ("1 workload", "20,000 pods"); `plural` when adding "s" is wrong. */
export function countOf(n: number, noun: string, plural = `${noun}s`): string {
  return `${formatCount(n)} ${n === 1 ? noun : plural}`;
}

/** A share (0–1) as a percentage with one decimal ("12.5%"); `signed` for a change ("+4.3%", "-2.0%"). */
export function formatPercent(share: number, signed = false): string {
  const percent = share * 100;
  const text = formatNumber(Math.abs(percent), 1, 1);
  const sign = percent < 0 && text !== '0.0' ? '-' : signed && text !== '0.0' ? '+' : '';
  return `${sign}${text}%`;
}
