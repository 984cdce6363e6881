// Every command memdash shows for copying is pasted into an operator's shell, holding the operator's credentials.
// The values in it (names, keys, times) come from the cluster or the URL, where anyone may have written anything,
// so each one goes through here: POSIX single quotes, inside which no character is special.

// Words a shell reads as they are: quoting them only makes the command harder to read.
const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;

/** One shell word holding exactly `value`: single-quoted unless it is plainly safe ('' for the empty string). */
export function shellQuote(value: string): string {
  if (PLAIN_WORD.test(value)) return value;
  // A single quote cannot appear inside single quotes: close, add an escaped quote, reopen.
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** The words quoted one by one and joined with spaces. */
export function shellWords(words: readonly string[]): string {
  return words.map(shellQuote).join(' ');
}
