// The JSON contract of GET /api/audit and the /audit page.
export interface AuditEntry {
  at: string;
  actor: string;
  action: string;
  target: string;
  outcome: 'success' | 'failure' | 'refused';
  detail: string | null;
}

export interface AuditLog {
  records: AuditEntry[];
  /** Every action recorded, for the filter. */
  actions: string[];
  filter: { action: string | null; outcome: AuditEntry['outcome'] | null };
}
