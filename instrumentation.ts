// Next.js calls register() once when a server starts. The history store and its recorder need Node (SQLite, the
// Kubernetes watch), so they are loaded only in the Node runtime, never in the edge runtime.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { answerBeforeNext } = await import('./lib/http/before-next');
  answerBeforeNext();
  const { startHistory } = await import('./lib/history/start');
  await startHistory();
}
