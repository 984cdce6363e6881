// Next.js calls register() once when a server starts. The history store and its recorder need Node (SQLite, the
// Kubernetes watch), so they are loaded only in the Node runtime, never in the edge runtime.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Every MEMDASH_* setting, checked before the first request: a bad one stops the server, naming the variable.
  // (`next build` and `next dev` check them in next.config.mjs; `next start` and the image's server do not load it.)
  const { exitOnBadSettings } = await import('./lib/server/config-start');
  exitOnBadSettings();
  const { answerBeforeNext } = await import('./lib/server/before-next');
  answerBeforeNext();
  const { startHistory } = await import('./lib/history/start');
  await startHistory();
  // with sign-in, the sessions signed out on any replica are refused here too (before the first request)
  const { settings } = await import('./lib/config');
  if (settings().auth === 'oidc') {
    const { followEndedSessions } = await import('./lib/auth/ended-sessions');
    await followEndedSessions();
  }
}
