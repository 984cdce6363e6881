#!/usr/bin/env node
// `npx memdash …`: the terminal companion. It runs memdash's own TypeScript (lib/) in plain Node: these hooks resolve
// the '@/' paths and the extensionless imports Next's bundler resolves for the pages, turn 'server-only' into nothing
// (a terminal is a server), and compile TypeScript with Node's own stripper in its transform mode (lib/ has
// constructor parameter properties, which plain type stripping refuses). Needs Node 24.
import { existsSync, readFileSync } from 'node:fs';
import { registerHooks, stripTypeScriptTypes } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Node's stripper says it is experimental on every run; other warnings are still printed.
process.removeAllListeners('warning');
process.on('warning', (w) => w.name !== 'ExperimentalWarning' && console.warn(`${w.name}: ${w.message}`));

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const EMPTY = 'data:text/javascript,export {};';

function candidate(base) {
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (
      existsSync(file) &&
      !file.endsWith('/') &&
      (file.endsWith('.ts') || file.endsWith('.tsx') || file.endsWith('.js') || file.endsWith('.mjs'))
    )
      return pathToFileURL(file).href;
  }
  return null;
}

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'server-only') return { url: EMPTY, shortCircuit: true };
    const fromTs = context.parentURL?.startsWith(pathToFileURL(root).href) && !context.parentURL.includes('/node_modules/');
    if (specifier.startsWith('@/')) {
      const url = candidate(join(root, specifier.slice(2)));
      if (url) return { url, shortCircuit: true };
    } else if (fromTs && (specifier.startsWith('./') || specifier.startsWith('../'))) {
      const url = candidate(join(dirname(fileURLToPath(context.parentURL)), specifier));
      if (url) return { url, shortCircuit: true };
    }
    return next(specifier, context);
  },
  load(url, context, next) {
    if (url.startsWith('file:') && /\.tsx?$/.test(url) && !url.includes('/node_modules/')) {
      const source = readFileSync(fileURLToPath(url), 'utf8');
      return { format: 'module', source: stripTypeScriptTypes(source, { mode: 'transform' }), shortCircuit: true };
    }
    return next(url, context);
  },
});

const { main } = await import(pathToFileURL(join(root, 'cli', 'main.ts')).href);
const code = await main(process.argv.slice(2));
// The read caches' watches (and a PostgreSQL pool) keep the event loop alive after the answer: exit once stdout and
// stderr have handed everything written to them on.
await Promise.all([process.stdout, process.stderr].map((stream) => new Promise((resolve) => stream.write('', resolve))));
process.exit(code);
