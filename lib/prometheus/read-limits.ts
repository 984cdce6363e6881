import 'server-only';
import { settings, variableOf } from '@/lib/config';
import type { ReadLimits } from './limits';

/**
 * The limits of one read of Prometheus from the settings: `streamed` for an answer read series by series as it
 * arrives (never held whole), `parsed` for one read whole and parsed at once (held in memory, with its parse, until
 * the read ends). `signal`: the request the read serves, which stops it when the browser leaves.
 */
export function readLimits(kind: 'streamed' | 'parsed', signal?: AbortSignal): ReadLimits {
  const s = settings();
  const key = kind === 'streamed' ? 'prometheusMaxAnswerMb' : 'prometheusMaxParsedMb';
  return {
    maxBytes: s[key] * (1 << 20),
    maxBytesSetting: variableOf(key),
    deadlineMs: s.prometheusDeadlineMs,
    deadlineSetting: variableOf('prometheusDeadlineMs'),
    signal,
  };
}
