// Lets a benchmark import memdash's own modules (lib/…) as Next resolves them: `@/` is the repository's root and an
// import without an extension is a .ts file or a folder's index.ts; `server-only` is the tests' stub, as vitest.config.ts
// maps it (outside Next.js the package throws on import, and a benchmark runs on the server side anyway). Import this
// before any such module.
import { registerHooks } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../e2e/cluster/lib/paths.ts';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier === 'server-only') return next(pathToFileURL(join(repoRoot, 'test', 'server-only-stub.ts')).href, context);
    const aliased = specifier.startsWith('@/') ? pathToFileURL(join(repoRoot, specifier.slice(2))).href : specifier;
    if (!aliased.startsWith('.') && !aliased.startsWith('file:')) return next(specifier, context);
    for (const candidate of [aliased, `${aliased}.ts`, `${aliased}/index.ts`]) {
      try {
        return next(candidate, context);
      } catch {
        // the next form
      }
    }
    return next(aliased, context);
  },
});
