'use client';

import { chooseTimeZone, timeZoneChoice, useTimeZone, useTimeZoneChoice } from '@/lib/client/time-zone';

/** The header's switch between UTC and the browser's zone; the choice survives a reload. */
export function TimeZoneSwitch() {
  const choice = useTimeZoneChoice();
  const zone = useTimeZone();
  return (
    <label className="flex items-center gap-1 text-zinc-700">
      <span className="sr-only sm:not-sr-only">Times</span>
      <select
        value={choice}
        onChange={(e) => chooseTimeZone(timeZoneChoice(e.target.value))}
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
