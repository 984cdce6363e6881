import 'server-only';
import type { IncomingMessage } from 'node:http';
import { settings } from '@/lib/config';
import { AppError } from '@/lib/errors';
import { budgetOf, clientOf, RateLimiter, retryAfterSeconds, type Budget } from './rate-limit';

// Each client's budgets in this process (rate-limit.ts). A read spends from it only when its answer is made for it:
// collapse.ts hands a copy of a shared answer over for free, so a team opening one page costs one answer, while one
// client asking for answers made afresh (an unknown header, a reload's no-cache, a new name each time) is held to its
// share. An access check asks the cluster up to 20 reviews: it has a budget of its own. So do writes: each asks the
// cluster who its credential is (a SelfSubjectReview), whatever the credential holds.
const READ_WINDOW_MS = 10_000;
const MINUTE_MS = 60_000;
const clock = () => performance.now();
const limiters: Record<Budget, RateLimiter> = {
  reads: new RateLimiter(() => ({ perWindow: settings().readLimit, windowMs: READ_WINDOW_MS }), clock),
  access: new RateLimiter(() => ({ perWindow: settings().accessLimit, windowMs: MINUTE_MS }), clock),
  writes: new RateLimiter(() => ({ perWindow: settings().writeLimit, windowMs: MINUTE_MS }), clock),
};

export interface OverLimit {
  error: AppError;
  retryAfterSeconds: number;
}

/** Spends one request of its client's budget, or says (429) that the budget is spent and when to ask again. */
export function overLimit(request: IncomingMessage): OverLimit | null {
  const budget = budgetOf(request.method, request.url);
  if (!budget) return null;
  const taken = limiters[budget].take(clientOfRequest(request));
  if (taken.ok) return null;
  const seconds = retryAfterSeconds(taken.retryAfterMs);
  return { error: new AppError('too-many-requests', overWords(budget, seconds)), retryAfterSeconds: seconds };
}

/** The client a request counts against (clientOf), as the settings say to take it. */
export function clientOfRequest(request: IncomingMessage): string {
  return clientOf(request.socket.remoteAddress, request.headers['x-forwarded-for'], settings().trustProxy === 'on');
}

function overWords(budget: Budget, seconds: number): string {
  const s = settings();
  if (budget === 'reads')
    return `Too many requests: memdash makes at most ${s.readLimit} answers for one client per ${READ_WINDOW_MS / 1000} s (MEMDASH_READ_LIMIT). Ask again in ${seconds} s.`;
  if (budget === 'access')
    return `Too many access checks: at most ${s.accessLimit} per client per minute (MEMDASH_ACCESS_LIMIT). Ask again in ${seconds} s.`;
  return `Too many writes: at most ${s.writeLimit} per client per minute (MEMDASH_WRITE_LIMIT). Ask again in ${seconds} s.`;
}
