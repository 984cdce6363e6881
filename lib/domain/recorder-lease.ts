// Which replica records: the holder of a coordination.k8s.io Lease, as client-go's leader election decides it. A
// holder's lease expires when its renewal has not changed for the lease's duration as *this* replica observed it
// (its own clock only: the holder's clock may differ), so a killed leader is replaced within about one duration.

export interface LeaseFacts {
  holder: string | null;
  /** The lease's renewTime as written (compared only for change, never against this clock). */
  renewedAt: string | null;
  durationSeconds: number | null;
}

export type LeaseStep = { do: 'create' } | { do: 'renew' } | { do: 'take' } | { do: 'follow'; holder: string };

/**
 * What this replica does next. `observedChangeAt`: when (ms, this clock) the holder or its renewal last changed as
 * seen here; `now`: this clock.
 */
export function leaseStep(lease: LeaseFacts | null, me: string, observedChangeAt: number, now: number, defaultSeconds: number): LeaseStep {
  if (!lease) return { do: 'create' };
  if (lease.holder === me) return { do: 'renew' };
  if (!lease.holder) return { do: 'take' };
  const seconds = lease.durationSeconds ?? defaultSeconds;
  return now - observedChangeAt > seconds * 1000 ? { do: 'take' } : { do: 'follow', holder: lease.holder };
}

/** A leader that could not renew for this long stops recording: before any other replica may take over. */
export function renewDeadlineMs(durationSeconds: number): number {
  return Math.floor((durationSeconds * 1000 * 2) / 3);
}
