// The zone a person chose to read times in, in the header (absent: UTC, as the server renders every page). Kept in
// the browser's localStorage: the server cannot know the browser's zone, so it always sends UTC and the page switches
// after it has hydrated.
export const TIME_ZONE_KEY = 'memdash-time-zone';
export type TimeZoneChoice = 'utc' | 'local';

/** The stored value as a choice; anything else (a hand-edited value) is UTC. */
export function timeZoneChoice(value: string | null | undefined): TimeZoneChoice {
  return value === 'local' ? 'local' : 'utc';
}
