'use client';

import { Fragment } from 'react';
import { ageOf, formatTime, readableTime, RFC3339_IN_TEXT, toDate } from '@/lib/domain';
import { useTimeZone } from '@/lib/client/time-zone';

/**
 * A time to the second in the zone chosen in the header (UTC unless local is chosen), with how long ago it was when
 * `now` is given. The hover and the datetime attribute keep the RFC 3339 form kubectl prints, to search logs with.
 */
export function Time({ at, now }: { at: string | Date | null; now?: Date }) {
  const zone = useTimeZone();
  const date = toDate(at);
  if (!date) return <span className="text-zinc-500">unknown</span>;
  return (
    <span data-testid="time">
      <time dateTime={formatTime(date)} title={formatTime(date)} className="font-mono">
        {readableTime(date, zone)}
      </time>
      {now && <span className="text-zinc-500"> ({ageOf(date, now)})</span>}
    </span>
  );
}

/** A sentence from lib/domain, its RFC 3339 times shown as every other time on the page. */
export function WithTimes({ text, now }: { text: string; now?: Date }) {
  const times = text.match(RFC3339_IN_TEXT) ?? [];
  const words = text.split(RFC3339_IN_TEXT);
  return (
    <>
      {words.map((w, i) => (
        <Fragment key={i}>
          {w}
          {i < times.length && <Time at={times[i]!} now={now} />}
        </Fragment>
      ))}
    </>
  );
}
