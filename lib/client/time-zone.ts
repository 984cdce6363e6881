// The zone a person chose to read times in, in the header (absent: UTC, as the server renders every page). Kept in
// the browser's localStorage: the server cannot know the browser's zone, so it always sends UTC and the page switches
// after it has hydrated.
import { useSyncExternalStore } from 'react';

export const TIME_ZONE_KEY = 'memdash-time-zone';
export type TimeZoneChoice = 'utc' | 'local';

/** The stored value as a choice; anything else (a hand-edited value) is UTC. */
export function timeZoneChoice(value: string | null | undefined): TimeZoneChoice {
  return value === 'local' ? 'local' : 'utc';
}

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

/** Stores the choice and tells every <Time> on the page (other tabs hear the storage event). */
export function chooseTimeZone(next: TimeZoneChoice): void {
  try {
    if (next === 'local') window.localStorage.setItem(TIME_ZONE_KEY, next);
    else window.localStorage.removeItem(TIME_ZONE_KEY);
  } catch {
    // not stored: the choice holds until the page is left
  }
  window.dispatchEvent(new Event(CHANGED));
}
