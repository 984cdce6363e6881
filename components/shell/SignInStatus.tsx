import { SignedInAs } from './SignedInAs';

// What the header says of sign-in: who is signed in (asked by the browser: the page is shared by everyone with the
// same rights, so it is rendered with no name in it) and, in oidc, a sign-out button; in proxy, the proxy signs out;
// in none on a network, that everyone who reaches memdash reads it all.
export function SignInStatus({ mode, openOnNetwork }: { mode: 'oidc' | 'proxy' | 'none'; openOnNetwork: boolean }) {
  if (mode === 'proxy') return <SignedInAs />;
  if (mode === 'oidc')
    return (
      <div className="flex items-center gap-x-2">
        <SignedInAs />
        <SignOut />
      </div>
    );
  if (mode === 'none' && openOnNetwork)
    return (
      <p role="note" className="rounded bg-amber-100 px-2 py-1 text-sm text-amber-900" data-testid="open-reads">
        No sign-in: everyone who reaches this memdash reads every page (MEMDASH_AUTH=none)
      </p>
    );
  return null;
}

function SignOut() {
  return (
    <form method="post" action="/auth/sign-out">
      <button type="submit" className="min-h-11 rounded px-2 text-sm text-zinc-700 underline hover:text-zinc-900">
        Sign out
      </button>
    </form>
  );
}
