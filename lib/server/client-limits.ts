import 'server-only';
import type { IncomingMessage } from 'node:http';
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { budgetOf, clientOf, RateLimiter, retryAfterSeconds } from './rate-limit';

// Each client's budgets in this process (rate-limit.ts). A read spends from it only when its answer is made for it:
// collapse.ts hands a copy of a shared answer over for free, so a team opening one page costs one answer, while one
// client asking for answers made afresh (an unknown header, a reload's no-cache, a new name each time) is held to its
// share. An access check asks the cluster up to 20 reviews: it has a budget of its own.
const READ_WINDOW_MS = 10_000;
const ACCESS_WINDOW_MS = 60_000;
const clock = () => performance.now();
const limiters = {
  reads: new RateLimiter(() => ({ perWindow: settings().readLimit, windowMs: READ_WINDOW_MS }), clock),
  access: new RateLimiter(() => ({ perWindow: settings().accessLimit, windowMs: ACCESS_WINDOW_MS }), clock),
};

export interface OverLimit {
  error: AppError;
  retryAfterSeconds: number;
}

/** Spends one request of its client's budget, or says (429) that the budget is spent and when to ask again. */
export function overLimit(request: IncomingMessage): OverLimit | null {
  const budget = budgetOf(request.method, request.url);
  if (!budget) return null;
  const client = clientOf(request.socket.remoteAddress, request.headers['x-forwarded-for'], settings().trustProxy === 'on');
  const taken = limiters[budget].take(client);
  if (taken.ok) return null;
  const seconds = retryAfterSeconds(taken.retryAfterMs);
  const s = settings();
  const message =
    budget === 'reads'
      ? `Too many requests: memdash makes at most ${s.readLimit} answers for one client per ${READ_WINDOW_MS / 1000} s (MEMDASH_READ_LIMIT). Ask again in ${seconds} s.`
      : `Too many access checks: at most ${s.accessLimit} per client per minute (MEMDASH_ACCESS_LIMIT). Ask again in ${seconds} s.`;
  return { error: new AppError('too-many-requests', message), retryAfterSeconds: seconds };
}
