// The documentation says what is true now: the README's two commands are the scripts CI runs, every setting of
// lib/config.ts is listed with its default, and every link inside the repository leads to a file and a heading there.
import { accessSync, constants, existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings, variableOf, type Settings } from '../lib/config.ts';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const DOCS = ['README.md', 'CONTRIBUTING.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)].filter((f) => f.endsWith('.md'));

/** The lines of the first ```sh block after a heading. */
function shellBlockUnder(markdown: string, heading: string): string[] {
  const after = markdown.split(`\n${heading}\n`)[1];
  if (after === undefined) throw new Error(`no heading "${heading}"`);
  const block = /```sh\n([\s\S]*?)```/.exec(after);
  if (!block) throw new Error(`no sh block under "${heading}"`);
  return block[1]!.trim().split('\n');
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsIn = (markdown: string) => new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!.trim())));

describe("the README's two commands", () => {
  const commands = shellBlockUnder(read('README.md'), '## Two commands').map((line) => line.split(/\s+/)[0]);

  it('are the demo and the test script, each there and executable', () => {
    expect(commands).toEqual(['scripts/demo.sh', 'scripts/test.sh']);
    for (const script of commands) accessSync(join(root, script!), constants.X_OK);
  });

  it('name the script CI runs as its test command', () => {
    const ci = read('.ci/run')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#') && !/^(set|cd) /.test(line));
    expect(ci).toEqual([`exec bash ${commands[1]}`]);
  });
});

describe('the settings in docs/operations.md', () => {
  const rows = new Map(
    [...read('docs/operations.md').matchAll(/^\| `([A-Z_]+)` +\| ([^|]+?) +\|/gm)].map((m) => [m[1]!, m[2]!.replaceAll('`', '')]),
  );
  const defaults = loadSettings({});
  const formatted = (value: unknown) => (value === undefined ? '—' : Array.isArray(value) ? value.join(',') : String(value));

  it('list every setting of lib/config.ts with its default', () => {
    for (const [key, value] of Object.entries(defaults)) {
      const variable = variableOf(key as keyof Settings);
      expect(rows.get(variable), `${variable} in docs/operations.md`).toBe(formatted(value));
    }
  });

  it('list no variable that is not a setting', () => {
    const variables = new Set(Object.keys(defaults).map((key) => variableOf(key as keyof Settings)));
    expect([...rows.keys()].filter((v) => !variables.has(v))).toEqual([]);
  });
});

describe('links in the documentation', () => {
  it.each(DOCS)('%s links only to files and headings inside the repository', (doc) => {
    const text = read(doc);
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!)) continue;
      const [path, anchor] = target!.split('#') as [string, string | undefined];
      const file = path ? resolve(root, dirname(doc), path) : join(root, doc);
      if (relative(root, file).startsWith('..') || !existsSync(file)) broken.push(`${target} (no such file in the repository)`);
      else if (anchor && file.endsWith('.md') && !anchorsIn(readFileSync(file, 'utf8')).has(anchor))
        broken.push(`${target} (no such heading)`);
    }
    expect(broken).toEqual([]);
  });
});
