// What the header says of sign-in: in oidc, a sign-out button (no name: the page is shared by everyone with the same
// rights, so it shows nothing of one person); in none on a network, that everyone who reaches memdash reads it all.
export function SignInStatus({ mode, openOnNetwork }: { mode: 'oidc' | 'proxy' | 'none'; openOnNetwork: boolean }) {
  if (mode === 'oidc')
    return (
      <form method="post" action="/auth/sign-out">
        <button type="submit" className="min-h-11 rounded px-2 text-sm text-zinc-700 underline hover:text-zinc-900">
          Sign out
        </button>
      </form>
    );
  if (mode === 'none' && openOnNetwork)
    return (
      <p role="note" className="rounded bg-amber-100 px-2 py-1 text-sm text-amber-900" data-testid="open-reads">
        No sign-in: everyone who reaches this memdash reads every page (MEMDASH_AUTH=none)
      </p>
    );
  return null;
}
