// One copy of what many cached objects repeat. JSON.parse gives every pod its own copy of its namespace, its owner
// reference, its labels, its tolerations and its containers' memory, though a workload's replicas and the pods of
// one node hold the same; at production size those copies are a large share of the pod cache (bench/memory.ts
// prints the bytes per pod). Pure apart from the tables.

/**
 * A table bounded by two generations of `generation` entries each: an entry not asked for during a whole generation
 * is forgotten, so what deleted workloads shared does not stay for the server's life. Forgetting costs only memory
 * (the next copy is kept instead), never a wrong answer.
 */
function generations<T>(generation: number) {
  let current = new Map<string, T>();
  let previous = new Map<string, T>();
  return {
    keep(key: string, value: T): T {
      const kept = current.get(key);
      if (kept !== undefined) return kept;
      const shared = previous.get(key) ?? value;
      if (current.size >= generation) {
        previous = current;
        current = new Map();
      }
      current.set(key, shared);
      return shared;
    },
    size: () => current.size + previous.size,
  };
}

export interface Interner {
  (value: string): string;
  (value: string | undefined): string | undefined;
  /** How many it holds now: at most two generations. */
  size(): number;
}

/** Hands out one copy of each string. */
export function interner(generation: number): Interner {
  const table = generations<string>(generation);
  const intern = (value: string | undefined) => (value === undefined ? value : table.keep(value, value));
  return Object.assign(intern, { size: table.size }) as Interner;
}

export interface Sharer {
  /** One frozen copy of each value that is the same as JSON: the caller keeps what it is handed back. */
  <T extends object>(value: T): T;
  size(): number;
}

/**
 * Hands out one copy of each plain value (made of objects, arrays, strings, numbers and booleans) by its JSON text,
 * frozen: a reader that changed one would change every pod holding it, and now throws instead.
 */
export function sharer(generation: number): Sharer {
  const table = generations<object>(generation);
  const share = <T extends object>(value: T): T => {
    const kept = table.keep(JSON.stringify(value), value) as T;
    return kept === value ? deepFreeze(value) : kept;
  };
  return Object.assign(share, { size: table.size }) as Sharer;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}
