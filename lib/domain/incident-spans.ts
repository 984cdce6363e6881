import type { BreakGlassRecord } from './break-glass';

// Where one incident ends and the next begins, from the break-glass's and the drill's records alone (they are what
// memdash did, in order). A break-glass opens at its first scale-down, a drill at its save; either closes at the first
// probe admitted through the pod webhook's registration after its scale-up, which is when Kyverno is back and pods
// are sized again. One that is still bringing Kyverno back when the next opens is closed by it, unconfirmed.

export type IncidentKind = 'break-glass' | 'drill';

/** A record as the store keeps it, with its id: an incident is named by the record that opened it. */
export interface NumberedRecord extends BreakGlassRecord {
  id: number;
}

export interface IncidentSpan {
  id: string;
  kind: IncidentKind;
  /** The opening record's time. */
  openedAt: string;
  /** When it closed: the probe through Kyverno, or the next incident's opening; null while it is open. */
  closedAt: string | null;
  closedHow: 'kyverno-back' | 'superseded' | null;
  records: NumberedRecord[];
}

const ID = /^(bg|drill)-([1-9][0-9]{0,14})$/;

/** The incident's id: its kind and the id of the record that opened it. */
export function incidentId(kind: IncidentKind, recordId: number): string {
  return `${kind === 'drill' ? 'drill' : 'bg'}-${recordId}`;
}

/** Whether `text` has an incident id's form (the record may still not exist). */
export function isIncidentId(text: string): boolean {
  return ID.test(text);
}

/** Every incident in the records (oldest first), each with its own records. */
export function incidentSpans(records: readonly NumberedRecord[]): IncidentSpan[] {
  const spans: IncidentSpan[] = [];
  let open: IncidentSpan | null = null;
  const start = (r: NumberedRecord, kind: IncidentKind) => {
    if (open) Object.assign(open, { closedAt: r.at, closedHow: 'superseded' });
    open = { id: incidentId(kind, r.id), kind, openedAt: r.at, closedAt: null, closedHow: null, records: [r] };
    spans.push(open);
  };
  for (const r of records) {
    const current = open as IncidentSpan | null;
    if (r.action === 'drill-save') start(r, 'drill');
    else if (r.action === 'scale-down' && (!current || (current.kind === 'break-glass' && scaledUp(current)))) start(r, 'break-glass');
    else if (current) {
      current.records.push(r);
      if (r.action === 'probe' && r.probe === 'admitted' && r.registrationPresent === true && scaledUp(current)) {
        Object.assign(current, { closedAt: r.at, closedHow: 'kyverno-back' });
        open = null;
      }
    }
  }
  return spans;
}

const scaledUp = (span: IncidentSpan) => span.records.some((r) => r.action === 'scale-up');

/**
 * Whether the last incident is open and Kyverno has been scaled back: then the next probe admitted through the
 * registration ends it, whichever page ran it (the header's, the webhook page's, the evidence's, the step's).
 */
export function awaitingKyvernoBack(spans: readonly IncidentSpan[]): boolean {
  const last = spans.at(-1);
  return last !== undefined && last.closedAt === null && scaledUp(last);
}
