import { formatMemory } from './quantity';

// Runtimes that size their heap from their own flags, not from the container's request: a JVM's -Xmx (or
// -XX:MaxRAMPercentage of the limit it sees), Go's GOMEMLIMIT, Node.js's --max-old-space-size. A ceiling above the
// request lets the process grow past it, where the kubelet evicts first under node memory pressure; above the
// limit it ends OOMKilled instead of collecting garbage. Read from the container's env and args; a value from a
// ConfigMap or Secret (valueFrom) cannot be read here and is not guessed.

export type HeapRuntime = 'JVM' | 'Go runtime' | 'Node.js';

export interface HeapCeiling {
  runtime: HeapRuntime;
  /** Bytes the heap may grow to; null when relative to a limit the container does not have. */
  bytes: number | null;
  /** Where it was read, as written: "JAVA_TOOL_OPTIONS: -Xmx1g". */
  source: string;
}

export interface ContainerRuntimeSpec {
  env?: Array<{ name: string; value?: string }>;
  args?: string[];
  command?: string[];
}

/** Variables the JVM (or its launch scripts) reads its options from. */
const JAVA_VARIABLES = ['JAVA_TOOL_OPTIONS', 'JDK_JAVA_OPTIONS', '_JAVA_OPTIONS', 'JAVA_OPTS'];
const UNITS: Record<string, number> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };
const GO_UNITS: Record<string, number> = { B: 1, KiB: 2 ** 10, MiB: 2 ** 20, GiB: 2 ** 30, TiB: 2 ** 40 };
// A ceiling is a size a pod could have: beyond this the text is no size we read.
const MAX_BYTES = 2 ** 50;

const sized = (n: number): number | null => (Number.isFinite(n) && n > 0 && n <= MAX_BYTES ? Math.round(n) : null);

/** -Xmx<size> as the JVM reads it: a number with k, m, g or t (either case), binary; plain bytes without. */
export function javaSize(text: string): number | null {
  const m = /^(\d{1,15})([kKmMgGtT]?)$/.exec(text);
  return m ? sized(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!) : null;
}

/** GOMEMLIMIT as Go reads it: bytes, or a number with B, KiB, MiB, GiB or TiB; "off" is no limit. */
export function goSize(text: string): number | null {
  const m = /^(\d{1,15}(?:\.\d+)?)(B|KiB|MiB|GiB|TiB)?$/.exec(text.trim());
  return m ? sized(Number(m[1]) * GO_UNITS[m[2] ?? 'B']!) : null;
}

/** The JVM's ceiling in one set of options (the last -Xmx wins; -Xmx over MaxRAMPercentage), or null. */
function javaCeiling(words: string[], source: string, limit: number | null): HeapCeiling | null {
  let xmx: number | null = null;
  let percent: number | null = null;
  for (const w of words) {
    if (w.startsWith('-Xmx')) xmx = javaSize(w.slice(4)) ?? xmx;
    const p = /^-XX:MaxRAMPercentage=(\d{1,3}(?:\.\d+)?)$/.exec(w);
    if (p && Number(p[1]) > 0 && Number(p[1]) <= 100) percent = Number(p[1]);
  }
  if (xmx !== null) return { runtime: 'JVM', bytes: xmx, source };
  if (percent === null) return null;
  return { runtime: 'JVM', bytes: limit === null ? null : Math.floor((limit * percent) / 100), source };
}

/** Node.js's --max-old-space-size (MiB), written with dashes or underscores, or null. */
function nodeCeiling(words: string[], source: string): HeapCeiling | null {
  let mib: number | null = null;
  for (const w of words) {
    const m = /^--max[-_]old[-_]space[-_]size=(\d{1,9})$/.exec(w);
    if (m) mib = Number(m[1]);
  }
  const bytes = mib === null ? null : sized(mib * 2 ** 20);
  return bytes === null ? null : { runtime: 'Node.js', bytes, source };
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);
const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}…` : text);

/** Every heap ceiling the container's env and args set; `limit` (bytes) is what MaxRAMPercentage is a share of. */
export function heapCeilings(c: ContainerRuntimeSpec, limit: number | null): HeapCeiling[] {
  const found: HeapCeiling[] = [];
  for (const { name, value } of c.env ?? []) {
    if (value === undefined) continue;
    const source = `${name}: ${excerpt(value)}`;
    if (JAVA_VARIABLES.includes(name)) found.push(...nonNull(javaCeiling(wordsOf(value), source, limit)));
    if (name === 'NODE_OPTIONS') found.push(...nonNull(nodeCeiling(wordsOf(value), source)));
    if (name === 'GOMEMLIMIT') {
      const bytes = goSize(value);
      if (bytes !== null) found.push({ runtime: 'Go runtime', bytes, source });
    }
  }
  const words = [...(c.command ?? []), ...(c.args ?? [])].flatMap(wordsOf);
  const line = `command: ${excerpt(words.join(' '))}`;
  found.push(...nonNull(javaCeiling(words, line, limit)), ...nonNull(nodeCeiling(words, line)));
  return found;
}

const nonNull = <T>(v: T | null): T[] => (v === null ? [] : [v]);

export interface HeapFlag {
  ceiling: HeapCeiling;
  /** One line: "the JVM may grow to 1Gi; the request is 300Mi". */
  line: string;
}

const runtimeWords: Record<HeapRuntime, string> = { JVM: 'the JVM', 'Go runtime': 'the Go runtime', 'Node.js': 'Node.js’s heap' };

/**
 * The ceilings above the container's request or what its next pod gets (`nextRequest`), each in one line; a
 * ceiling relative to a limit the container lacks is said as such, since it then follows the node's memory.
 */
export function heapFlags(ceilings: HeapCeiling[], request: number | null, nextRequest: number | null): HeapFlag[] {
  return ceilings.flatMap((ceiling): HeapFlag[] => {
    const who = runtimeWords[ceiling.runtime];
    if (ceiling.bytes === null)
      return [
        { ceiling, line: `${who} sizes its heap as a share of the node's memory: the container has no memory limit (${ceiling.source})` },
      ];
    const above: string[] = [];
    if (request !== null && ceiling.bytes > request) above.push(`the request is ${formatMemory(request)}`);
    if (nextRequest !== null && ceiling.bytes > nextRequest && nextRequest !== request)
      above.push(`its next pod gets ${formatMemory(nextRequest)}`);
    if (request === null && nextRequest === null) above.push('the container has no request');
    if (above.length === 0) return [];
    return [{ ceiling, line: `${who} may grow to ${formatMemory(ceiling.bytes)}; ${above.join(', ')} (${ceiling.source})` }];
  });
}
