import { formatDuration, formatTime, toDate } from '@/lib/domain';

/** A time in UTC as Kubernetes writes it, with how long ago it was: pasteable into an incident channel. */
export function Time({ at, now }: { at: string | null; now: Date }) {
  const date = toDate(at);
  if (!date) return <span className="text-zinc-500">unknown</span>;
  const ago = now.getTime() - date.getTime();
  return (
    <span>
      <time dateTime={formatTime(date)} className="font-mono">
        {formatTime(date)}
      </time>{' '}
      <span className="text-zinc-500">({ago >= 0 ? `${formatDuration(ago)} ago` : `in ${formatDuration(-ago)}`})</span>
    </span>
  );
}
