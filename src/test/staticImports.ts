// What the bundler puts on a file's load path: its static imports, followed through the project's
// own files (type-only imports and dynamic import() excluded, as webpack leaves them out or splits them).
// The project's modules are declared free of side effects (package.json `sideEffects`), so webpack
// follows an index file that only re-exports (a feature's public entry) to the exports a file
// names, not to all of them; the walk does the same.
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s([^'"]*?)from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
/** An index of re-exports only: every statement is `export … from '…'`. */
const RE_EXPORTS_ONLY = /^(?:\s*(?:\/\/[^\n]*)?\n)*(?:\s*export\s[^'";]*from\s+['"][^'"]+['"];?\s*(?:\/\/[^\n]*)?\n?)+\s*$/;

function resolveLocal(specifier: string, fromFile: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The names a clause brings in (`{ a, b as c, type d }` -> a, b), or null for a default, namespace or star. */
function namesOf(clause: string): string[] | null {
  const braces = /^\s*\{([^}]*)\}\s*$/.exec(clause);
  if (!braces) return null;
  return braces[1]
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0].trim());
}

/** Every npm module specifier reachable from a file through static imports (type-only imports and import() excluded). */
export function modulesReachableFromFile(start: string): Set<string> {
  const modules = new Set<string>();
  // A file and the names wanted of it (null: all of it).
  const visits = new Map<string, Set<string> | null>();
  const queue: { file: string; names: string[] | null }[] = [{ file: start, names: null }];
  while (queue.length > 0) {
    const { file, names } = queue.pop()!;
    const source = fs.readFileSync(file, 'utf8');
    const reExportsOnly = RE_EXPORTS_ONLY.test(source);
    const visited = visits.get(file);
    if (visited === null) continue;
    if (!reExportsOnly || names === null) visits.set(file, null);
    else if (visited && names.every((n) => visited.has(n))) continue;
    else visits.set(file, new Set([...(visited ?? []), ...names]));
    for (const match of source.matchAll(STATIC_IMPORT)) {
      if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
      const clause = match[1] ?? '';
      const specifier = match[2] ?? match[3];
      const clauseNames = match[3] ? [] : namesOf(clause);
      if (reExportsOnly && names !== null && clauseNames !== null && !clauseNames.some((n) => names.includes(n))) continue;
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const resolved = resolveLocal(specifier, file);
        if (resolved) queue.push({ file: resolved, names: clauseNames });
      } else {
        modules.add(specifier);
      }
    }
  }
  return modules;
}

/** The npm packages of module specifiers (`@scope/name` or `name`). */
export function packagesOf(modules: Set<string>): Set<string> {
  return new Set([...modules].map((m) => (m.startsWith('@') ? m.split('/').slice(0, 2).join('/') : m.split('/')[0])));
}
