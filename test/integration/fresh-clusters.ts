// The clusters of the process are made once and kept on globalThis (lib/cluster/registry.ts), past vi.resetModules: a
// test that loads memdash again under other settings (another Prometheus, another timeout) forgets them first, so
// the default cluster is made from the settings as they are now, as a server started with them would make it.

const KEY = Symbol.for('memdash.clusters');

export function forgetClusters(): void {
  delete (globalThis as Record<symbol, unknown>)[KEY];
}
