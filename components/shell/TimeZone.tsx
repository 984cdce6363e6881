'use client';

import { useSyncExternalStore } from 'react';
import { TIME_ZONE_KEY, timeZoneChoice, type TimeZoneChoice } from '@/lib/client/time-zone';

// Every <Time> on the page reads the choice from one store, so the header's switch changes them all at once, and a
// choice made in another tab (the storage event) too. While the page hydrates the store answers UTC, as the server
// rendered it, so React finds the HTML it expects; the render right after shows the chosen zone.

const CHANGED = 'memdash-time-zone-changed';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGED, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGED, onChange);
  };
}

function stored(): TimeZoneChoice {
  try {
    return timeZoneChoice(window.localStorage.getItem(TIME_ZONE_KEY));
  } catch {
    return 'utc'; // storage refused (a privacy mode): UTC, as rendered
  }
}

/** UTC or local, as chosen in the header: UTC on the server and while hydrating. */
export function useTimeZoneChoice(): TimeZoneChoice {
  return useSyncExternalStore(subscribe, stored, () => 'utc');
}

/** The IANA zone times are shown in: "UTC", or the browser's own zone when local is chosen. */
export function useTimeZone(): string {
  return useTimeZoneChoice() === 'local' ? browserZone() : 'UTC';
}

function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function choose(next: TimeZoneChoice) {
  try {
    if (next === 'local') window.localStorage.setItem(TIME_ZONE_KEY, next);
    else window.localStorage.removeItem(TIME_ZONE_KEY);
  } catch {
    // not stored: the choice holds until the page is left
  }
  window.dispatchEvent(new Event(CHANGED));
}

/** The header's switch between UTC and the browser's zone; the choice survives a reload. */
export function TimeZoneSwitch() {
  const choice = useTimeZoneChoice();
  const zone = useTimeZone();
  return (
    <label className="flex items-center gap-1 text-zinc-700">
      <span className="sr-only sm:not-sr-only">Times</span>
      <select
        value={choice}
        onChange={(e) => choose(timeZoneChoice(e.target.value))}
        className="rounded border border-zinc-300 bg-white px-1 py-0.5"
        data-testid="time-zone-switch"
        title={choice === 'local' ? `Times in ${zone}` : 'Times in UTC'}
      >
        <option value="utc">UTC</option>
        <option value="local">local</option>
      </select>
    </label>
  );
}
