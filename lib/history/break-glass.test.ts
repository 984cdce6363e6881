import { describe, expect } from 'vitest';
import { it } from './__fixtures__/store';
import { listBreakGlass, recordBreakGlass, savedRegistration } from './break-glass';

// The break-glass records on a real store (SQLite, or PostgreSQL in the postgres group), one a test
// (__fixtures__/store.ts): what a reload resumes from.

const base = { replicas: null, registrations: [], probe: null, registrationPresent: null };

describe('break-glass records', () => {
  it('keeps each action with what it recorded, oldest first, from a time on', async ({ db }) => {
    await recordBreakGlass(db, {
      ...base,
      at: '2026-10-06T10:02:00Z',
      action: 'delete-registrations',
      registrations: ['MutatingWebhookConfiguration/a'],
    });
    await recordBreakGlass(db, { ...base, at: '2026-10-06T10:01:00Z', action: 'scale-down', replicas: 3 });
    await recordBreakGlass(db, { ...base, at: '2026-10-06T10:03:00Z', action: 'probe', probe: 'admitted', registrationPresent: false });
    await recordBreakGlass(db, { ...base, at: '2026-10-01T00:00:00Z', action: 'scale-up', replicas: 3 });
    const records = await listBreakGlass(db, new Date('2026-10-06T00:00:00Z'));
    expect(records).toEqual([
      { ...base, at: '2026-10-06T10:01:00.000Z', action: 'scale-down', replicas: 3 },
      { ...base, at: '2026-10-06T10:02:00.000Z', action: 'delete-registrations', registrations: ['MutatingWebhookConfiguration/a'] },
      { ...base, at: '2026-10-06T10:03:00.000Z', action: 'probe', probe: 'admitted', registrationPresent: false },
    ]);
  });

  it("returns the latest drill's saved registration", async ({ db }) => {
    expect(await savedRegistration(db)).toBeNull();
    await recordBreakGlass(db, { ...base, at: '2026-10-06T09:00:00Z', action: 'drill-save' }, { metadata: { name: 'old' } });
    await recordBreakGlass(db, { ...base, at: '2026-10-06T10:00:00Z', action: 'drill-save' }, { metadata: { name: 'new' } });
    expect(await savedRegistration(db)).toEqual({ at: '2026-10-06T10:00:00.000Z', registration: { metadata: { name: 'new' } } });
  });
});
