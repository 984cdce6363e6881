// The harness's switches (`npm run cluster -- kyverno deny`, `… snapshot too-few-rows`): a small file in the state
// folder that the stand-ins read when they act, so a switch holds across their restarts until it is set back.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { state, stateDir } from './paths.ts';

export interface Switches {
  /** answer: the policy's mutation; deny: every pod review is answered with a denial */
  kyverno: 'answer' | 'deny';
  /** readable: the GlobalContextEntry loads the table; unreadable: its list is refused by the API server */
  table: 'readable' | 'unreadable';
  /** what the snapshot job's Prometheus does */
  snapshot: 'normal' | 'prometheus-fails' | 'too-few-rows';
}

export const NORMAL: Switches = { kyverno: 'answer', table: 'readable', snapshot: 'normal' };

const file = () => state('switches.json');

export function readSwitches(): Switches {
  if (!existsSync(file())) return { ...NORMAL };
  try {
    return { ...NORMAL, ...(JSON.parse(readFileSync(file(), 'utf8')) as Partial<Switches>) };
  } catch {
    return { ...NORMAL };
  }
}

export function setSwitch<K extends keyof Switches>(name: K, value: Switches[K]): void {
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(file(), JSON.stringify({ ...readSwitches(), [name]: value }, null, 2) + '\n');
}
