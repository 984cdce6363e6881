// Numbers written the en-US way ("20,000", "1.5"). `toLocaleString` with options builds a new Intl.NumberFormat on
// every call, which made explaining every pod for /workloads spend most of its time there. One formatter per shape
// is built once and kept.

const formatters = new Map<string, Intl.NumberFormat>();

/** `value` with at most `maximumFractionDigits` and at least `minimumFractionDigits` decimals, thousands separated. */
export function formatNumber(value: number, maximumFractionDigits: number, minimumFractionDigits = 0): string {
  const shape = `${minimumFractionDigits}-${maximumFractionDigits}`;
  let formatter = formatters.get(shape);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { maximumFractionDigits, minimumFractionDigits });
    formatters.set(shape, formatter);
  }
  return formatter.format(value);
}
