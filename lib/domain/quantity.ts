// Memory quantities in Kubernetes' resource.Quantity syntax: <sign><number><suffix>, where the suffix is a binary
// SI unit (Ki…Ei), a decimal SI unit (m, k, M, G, T, P, E) or a decimal exponent (e3, E-2). Arithmetic is done
// in BigInt so that 1.5Gi or 1e9 come out exact rather than as the nearest double.

export const MiB = 1024 * 1024;

const BINARY: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };

// [numerator, denominator]: milli is the only unit below one byte.
const DECIMAL: Record<string, [bigint, bigint]> = {
  m: [1n, 1000n],
  '': [1n, 1n],
  k: [10n ** 3n, 1n],
  M: [10n ** 6n, 1n],
  G: [10n ** 9n, 1n],
  T: [10n ** 12n, 1n],
  P: [10n ** 15n, 1n],
  E: [10n ** 18n, 1n],
};

// Exponents beyond this are refused rather than computed: no memory size needs them, and 1e999999 would make
// BigInt do real work on a value read from the cluster.
const MAX_EXPONENT = 100;

const MAX_QUANTITY_LENGTH = 40;

// Up to 9 digits times at most 2^20 (Mi) stays far below 2^53, so the product is exact.
const PLAIN_BINARY = /^(0|[1-9]\d{0,8})(Ki|Mi)$/;

const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)([a-zA-Z]*|[eE][+-]?\d+)$/;

/** The suffix as a [numerator, denominator] multiplier, or null when it is no Kubernetes suffix. */
function multiplierOf(suffix: string): [bigint, bigint] | null {
  const binary = BINARY[suffix];
  if (binary !== undefined) return [binary, 1n];
  const decimal = DECIMAL[suffix];
  if (decimal !== undefined) return decimal;
  const exponent = /^[eE]([+-]?\d+)$/.exec(suffix);
  if (!exponent?.[1]) return null;
  const power = Number(exponent[1]);
  if (Math.abs(power) > MAX_EXPONENT) return null;
  const ten = 10n ** BigInt(Math.abs(power));
  return power >= 0 ? [ten, 1n] : [1n, ten];
}

/**
 * Bytes in a memory quantity, or null when it is not one. A fraction of a byte (100m) rounds up, as Kubernetes'
 * Quantity.Value() does. A negative quantity parses in Kubernetes but is no memory size (the API server refuses it
 * in requests and limits), so it is null here. Exact up to 2^53 bytes (8 PiB); beyond, the nearest double.
 */
export function parseMemory(quantity: string): number | null {
  // No memory size needs more characters; a value of a million digits would make BigInt block the server.
  if (quantity.length > MAX_QUANTITY_LENGTH) return null;
  // The table's own form (512Mi) and other whole numbers of a binary unit, without BigInt: a diff reads every row.
  const plain = PLAIN_BINARY.exec(quantity);
  if (plain?.[1] && plain[2]) return Number(plain[1]) * Number(BINARY[plain[2]]);
  const match = QUANTITY.exec(quantity);
  if (!match) return null;
  const [, sign = '', number = '', suffix = ''] = match;
  const multiplier = multiplierOf(suffix);
  if (!multiplier) return null;
  const [whole = '', fraction = ''] = number.split('.');
  const mantissa = BigInt(`${whole}${fraction}` || '0');
  if (sign === '-' && mantissa !== 0n) return null;
  const numerator = mantissa * multiplier[0];
  const denominator = 10n ** BigInt(fraction.length) * multiplier[1];
  return Number((numerator + denominator - 1n) / denominator);
}

/**
 * A memory size as the table writes its values: whole Mi, rounded up (the snapshot's rule), in one unit on every
 * page, chart and sentence, so a request, a working set, a limit and a row compare at a glance ("61Mi" beside "44Mi",
 * "1536Mi" beside "937Mi"). Pages put the exact bytes on hover.
 */
export function formatMemory(bytes: number): string {
  if (!Number.isFinite(bytes)) return String(bytes);
  if (bytes < 0) return `-${formatMemory(-bytes)}`;
  return `${Math.ceil(bytes / MiB)}Mi`;
}

const GiB = 1024 * MiB;
const TiB = 1024 * GiB;

/**
 * A capacity (a node's allocatable, a quota's hard) as a person reads it: in the table's Mi up to 100Gi, where it
 * compares with requests at a glance, then in Gi, then in Ti to one decimal ("64Ti", not "67108864Mi"). Rounded
 * down: a capacity is not to be read as more than it is.
 */
export function formatCapacity(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 100 * GiB) return formatMemory(bytes);
  if (bytes < TiB) return `${Math.floor(bytes / GiB)}Gi`;
  const ti = Math.floor((bytes / TiB) * 10) / 10;
  return `${Number.isInteger(ti) ? ti : ti.toFixed(1)}Ti`;
}
