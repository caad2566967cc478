// What the bundler puts on a file's load path: its static imports, followed through the project's
// own files (type-only imports and dynamic import() excluded, as webpack leaves them out or splits them).
import fs from 'node:fs';
import path from 'node:path';

const SRC = path.resolve(__dirname, '..');
const STATIC_IMPORT = /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function resolveLocal(specifier: string, fromFile: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every npm module specifier reachable from a file through static imports (type-only imports and import() excluded). */
export function modulesReachableFromFile(start: string): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of fs.readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
      if (/^\s*(?:import|export)\s+type\s/.test(match[0])) continue;
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith('.') || specifier.startsWith('@/')) {
        const resolved = resolveLocal(specifier, file);
        if (resolved) queue.push(resolved);
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

