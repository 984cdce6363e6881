// Next.js calls register() once when a server starts. The history store and its recorder need Node (SQLite, the
// Kubernetes watch), so they are loaded only in the Node runtime, never in the edge runtime.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // Every MEMDASH_* setting, checked before the first request: a bad one stops the server, naming the variable.
  // (`next build` and `next dev` check them in next.config.mjs; `next start` and the image's server do not load it.)
  // Next only logs what register() throws and serves on, so a bad setting ends the process itself.
  const { settings, SettingsError } = await import('./lib/config');
  try {
    settings();
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const { answerBeforeNext } = await import('./lib/http/before-next');
  answerBeforeNext();
  const { startHistory } = await import('./lib/history/start');
  await startHistory();
}
