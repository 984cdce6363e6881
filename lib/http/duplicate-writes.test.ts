import { describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { claimWrite, type WriteKey } from './duplicate-writes';

// A double-click on a drill step: two presses 80 ms apart by the same person on the same Deployment.
const SCALE_DOWN: WriteKey = {
  action: 'break-glass.scale-down',
  target: 'kyverno-prd/deployment/kyverno-admission-controller',
  actor: 'operator',
  signedIn: 'alice@example.com',
};
const WITHIN = 5_000;
let clock = Date.parse('2026-10-06T10:05:00Z');
const at = (offsetMs: number) => (clock += offsetMs);

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (err) {
    return err as AppError;
  }
  throw new Error('not refused');
}

describe('claimWrite: one write per press', () => {
  it('refuses the same step by the same person on the same target while the first runs, with a 409 saying why', () => {
    const start = at(60_000);
    const release = claimWrite(SCALE_DOWN, WITHIN, start);
    const error = refusal(() => claimWrite(SCALE_DOWN, WITHIN, start + 80));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(409);
    expect(error.message).toMatch(/^Duplicate refused: break-glass\.scale-down on kyverno-prd\/deployment\/kyverno-admission-controller/);
    expect(error.message).toContain('began 80 ms earlier and is still running');
    release();
  });

  it('two presses at once: the one that began first but claims second is refused, saying they began together', () => {
    // each attempt is dated as it began; the earlier one may reach its claim last (its credential checked later)
    const start = at(60_000);
    const release = claimWrite(SCALE_DOWN, WITHIN, start);
    const error = refusal(() => claimWrite(SCALE_DOWN, WITHIN, start - 1));
    expect(error.status).toBe(409);
    expect(error.message).toContain('began at the same moment and is still running');
    expect(error.message).not.toContain('-1 ms');
    release();
  });

  it('refuses it within the moment after the first ended, and takes it once the moment has passed', () => {
    const start = at(60_000);
    claimWrite(SCALE_DOWN, WITHIN, start)();
    expect(refusal(() => claimWrite(SCALE_DOWN, WITHIN, start + 1_200)).message).not.toContain('still running');
    claimWrite(SCALE_DOWN, WITHIN, start + WITHIN)(); // no throw
  });

  it('a write still running past the moment is still a duplicate', () => {
    const start = at(60_000);
    const release = claimWrite(SCALE_DOWN, WITHIN, start);
    expect(refusal(() => claimWrite(SCALE_DOWN, WITHIN, start + 3 * WITHIN)).status).toBe(409);
    release();
  });

  it("the same step again after another step in between is the next step's, not a duplicate", () => {
    // the drill: the probe (refused), the delete, the probe again (admitted), 343 ms after the first probe
    const probe: WriteKey = { ...SCALE_DOWN, action: 'break-glass.probe', target: 'development/pod/kyverno-probe (dry run)' };
    const start = at(60_000);
    claimWrite(probe, WITHIN, start)();
    claimWrite({ ...SCALE_DOWN, action: 'break-glass.delete-registrations' }, WITHIN, start + 170)();
    claimWrite(probe, WITHIN, start + 343)(); // no throw
    // and a double-click on that one is still refused
    expect(refusal(() => claimWrite(probe, WITHIN, start + 420)).status).toBe(409);
  });

  it('another person, another step or another target is not a duplicate', () => {
    const start = at(60_000);
    const releases = [
      claimWrite(SCALE_DOWN, WITHIN, start),
      claimWrite({ ...SCALE_DOWN, actor: 'operator-2', signedIn: 'bob@example.com' }, WITHIN, start + 10),
      claimWrite({ ...SCALE_DOWN, action: 'break-glass.scale-up' }, WITHIN, start + 20),
      claimWrite({ ...SCALE_DOWN, target: 'kyverno-prd/deployment/other' }, WITHIN, start + 30),
    ];
    for (const release of releases) release();
  });

  it('the same step on the same names in another cluster is another write; in the same cluster, a duplicate', () => {
    const start = at(60_000);
    const prd = { ...SCALE_DOWN, cluster: 'prd' };
    const release = claimWrite(prd, WITHIN, start);
    claimWrite({ ...SCALE_DOWN, cluster: 'stg' }, WITHIN, start + 80)(); // no throw: stg's Deployment of the same name
    const error = refusal(() => claimWrite(prd, WITHIN, start + 160));
    expect(error.status).toBe(409);
    expect(error.message).toContain('in cluster prd');
    release();
  });

  it('forgets a press the cluster refused: pressed again at once, with another credential, it runs', () => {
    const start = 9_000_000;
    claimWrite(SCALE_DOWN, WITHIN, start)(false);
    claimWrite(SCALE_DOWN, WITHIN, start + 300)(); // no throw
    expect(refusal(() => claimWrite(SCALE_DOWN, WITHIN, start + 600)).status).toBe(409);
  });
});
