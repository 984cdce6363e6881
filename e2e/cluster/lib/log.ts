export function log(message: string): void {
  const time = new Date().toISOString().slice(11, 19);
  process.stderr.write(`[cluster ${time}] ${message}\n`);
}

export function fail(message: string): never {
  throw new ClusterError(message);
}

/** An error the CLI prints as it is, without a stack: the message says what to do. */
export class ClusterError extends Error {}
