// state.json: the ports the cluster listens on and the processes `up` started, so `down` stops exactly those.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { freePort, portIsFree } from './ports.ts';
import { state, stateDir } from './paths.ts';

export const PORT_NAMES = [
  'etcd',
  'etcdPeer',
  'apiserver',
  'controllerManager',
  'scheduler',
  'kwok',
  'prometheus',
  'webhook',
  'postgres',
  'oidc',
] as const;
export type PortName = (typeof PORT_NAMES)[number];

export interface ProcessRecord {
  pid: number;
  command: string;
  startedAt: string;
}
export interface ClusterState {
  ports: Record<PortName, number>;
  processes: Record<string, ProcessRecord>;
  seeded?: { scenario: string; scale: number; at: string };
  backfilledAt?: string;
  /** Unix seconds the backfill's samples end at (its newest is the last 300 s step at or before it). */
  backfillEnd?: number;
  /** which Kyverno answers the pod webhook: Kyverno v1.19.1 itself or the harness's stand-in (default) */
  kyverno?: KyvernoMode;
  /** whether the API server trusts our OpenID Provider (`up --oidc`), which then runs beside it */
  oidc?: boolean;
  /** the second cluster of `up --clusters 2`, whose table holds the stage's rows (e2e/cluster/scenario/stage.ts) */
  stage?: boolean;
}

export const KYVERNO_MODES = ['stand-in', 'real'] as const;
export type KyvernoMode = (typeof KYVERNO_MODES)[number];
export const kyvernoModeOf = (current: ClusterState | null): KyvernoMode => current?.kyverno ?? 'stand-in';

const file = () => state('state.json');

export function readState(): ClusterState | null {
  if (!existsSync(file())) return null;
  return JSON.parse(readFileSync(file(), 'utf8')) as ClusterState;
}

export function writeState(value: ClusterState): void {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(file(), JSON.stringify(value, null, 2) + '\n');
}

/** Keeps the ports of an earlier `up` when nothing else took them (etcd's data remembers its peer URL). */
export async function loadOrCreateState(): Promise<ClusterState> {
  const previous = readState();
  const ports = {} as Record<PortName, number>;
  const taken = new Set<number>();
  for (const name of PORT_NAMES) {
    const old = previous?.ports?.[name];
    const running = previous?.processes && Object.keys(previous.processes).length > 0;
    let port = old && (running || (await portIsFree(old))) ? old : await freePort();
    while (taken.has(port)) port = await freePort();
    taken.add(port);
    ports[name] = port;
  }
  const value: ClusterState = { ...previous, ports, processes: previous?.processes ?? {} };
  writeState(value);
  return value;
}
