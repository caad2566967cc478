// The guest pages leave the toast host out of the app frame (`withoutToasts`: react-toastify was a
// long task on a phone right after the page became usable). A toast raised on them would never be
// shown, so nothing a guest page loads, its cards' chunks included, may raise one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '../..');
const PAGES = path.join(SRC, 'pages');
const GUEST_PAGES = ['journey', 'travel'].flatMap((dir) =>
  fs
    .readdirSync(path.join(PAGES, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.tsx'))
    .map((file) => path.join(dir, file)),
);
// Static imports and import() alike (with webpack's magic comments before the path): a card's
// chunk is loaded on the same page.
const IMPORT = /(?:from\s+|import\s*\(\s*(?:\/\*[\s\S]*?\*\/\s*)*|^\s*import\s+)['"]([^'"]+)['"]/gm;

function resolveLocal(specifier: string, fromFile: string): string | null {
  const base = specifier.startsWith('@/') ? path.join(SRC, specifier.slice(2)) : path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The npm modules a file reaches through its imports, dynamic ones included. */
function modulesReachable(start: string): Set<string> {
  const modules = new Set<string>();
  const seen = new Set<string>();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (!specifier.startsWith('.') && !specifier.startsWith('@/')) modules.add(specifier);
      else {
        const resolved = resolveLocal(specifier, file);
        if (resolved) queue.push(resolved);
      }
    }
  }
  return modules;
}

describe('guest pages without the toast host', () => {
  it('follows every kind of import a page can load a chunk by', () => {
    const source = [
      "import { a } from './a';",
      "import './b';",
      "const C = lazy(() => import('./c'));",
      'const D = lazy(() => import(/* webpackChunkName: "d" */ /* webpackPrefetch: true */ \'./d\'));',
    ].join('\n');
    expect([...source.matchAll(IMPORT)].map((m) => m[1])).toEqual(['./a', './b', './c', './d']);
  });

  it('covers every journey and travel page', () => {
    expect(GUEST_PAGES).toEqual(expect.arrayContaining(['journey/find.tsx', path.join('journey', '[id]', 'checkin.tsx'), path.join('travel', '[id]', '[card].tsx')]));
  });

  it.each(GUEST_PAGES)('%s leaves the toast host out', (page) => {
    expect(fs.readFileSync(path.join(PAGES, page), 'utf8')).toMatch(/^Page\.withoutToasts = true;$/m);
  });

  it.each(GUEST_PAGES)('%s and its cards never raise a toast', (page) => {
    expect([...modulesReachable(path.join(PAGES, page))].filter((m) => m.startsWith('react-toastify'))).toEqual([]);
  });
});
