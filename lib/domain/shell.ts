// Quoting for commands shown to be pasted into a shell. Everything from the cluster is untrusted: a name that
// Kubernetes accepted may still be meant to be read by a shell differently (an ownerReference's name is not checked).

const PLAIN = /^[A-Za-z0-9@%+=:,./_-]+$/;

/** One word for a POSIX shell: as it is when it holds only safe characters, else in single quotes. */
export function shellQuote(word: string): string {
  if (PLAIN.test(word)) return word;
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** Words joined into one command line, each quoted. */
export function shellLine(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
