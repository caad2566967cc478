// The test files that share a worker (projects node-shared and dom, `isolate: false`) must leave
// nothing behind for the file after them; this reads each of them, and the modules of test code
// they import, for what would (tests/isolation.ts says why each one matters).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ISOLATED_DOM_TESTS, ISOLATED_NODE_TESTS } from './isolation';

const ROOT = path.resolve(__dirname, '..');
const SKIP = new Set(['node_modules', '.next', '.git', '.data', 'tests/e2e']);

function testFiles(ext: '.test.ts' | '.test.tsx', dir = ''): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) return SKIP.has(rel) || SKIP.has(e.name) || e.name.startsWith('.data') ? [] : testFiles(ext, rel);
    return rel.endsWith(ext) ? [rel] : [];
  });
}

/** What a shared file must not do, each with what undoes it (then it is allowed). */
const LEFT_BEHIND: Array<{ what: string; pattern: RegExp; undone?: RegExp }> = [
  { what: 'writes process.env', pattern: /process\.env(\.\w+|\[[^\]]+\])\s*(\+|\?\?|\|\||&&)?=(?!=)|process\.env\s*=(?!=)|delete process\.env|Object\.assign\(process\.env/ },
  { what: 'stubs an environment variable', pattern: /vi\.stubEnv\(/ },
  { what: 'mocks a module (mocks are not reset between shared files)', pattern: /vi\.(mock|doMock)\(/ },
  { what: 'adds a process listener', pattern: /process\.(on|once|addListener)\(/ },
  { what: 'stubs a global', pattern: /vi\.stubGlobal\(/, undone: /vi\.unstubAllGlobals\(/ },
  { what: 'installs fake timers', pattern: /vi\.useFakeTimers\(/, undone: /vi\.useRealTimers\(/ },
];

/** Relative imports of a test file that are test code (suites, helpers), not the product. */
function importedTestCode(file: string, source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
    const base = path.posix.join(path.posix.dirname(file), m[1]);
    const found = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((f) => fs.existsSync(path.join(ROOT, f)));
    if (found && /\.suite\.ts$|(^|\/)(testing|helpers)(\/|\.tsx?$)|^tests\//.test(found) && !/\.test\.tsx?$/.test(found)) out.push(found);
  }
  return out;
}

const GROUPS = [
  { name: 'node', ext: '.test.ts', isolated: ISOLATED_NODE_TESTS, list: 'ISOLATED_NODE_TESTS' },
  { name: 'component (jsdom)', ext: '.test.tsx', isolated: ISOLATED_DOM_TESTS, list: 'ISOLATED_DOM_TESTS' },
] as const;

describe.each(GROUPS)('$name test files that share a worker', ({ ext, isolated, list }) => {
  const all = testFiles(ext);

  it('lists only test files that exist', () => {
    expect(isolated.filter((f) => !all.includes(f))).toEqual([]);
  });

  it('leave nothing behind for the next file: no process.env writes, mocks, listeners, stubs or fake timers left in place', () => {
    const problems: string[] = [];
    for (const file of all.filter((f) => !(isolated as readonly string[]).includes(f))) {
      const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // Suites defined in an imported module count as the file's own (events.suite.ts,
      // permissions.matrix.ts); tests/helpers restore what they change (startTestBackend puts
      // process.env back after a start). A module that registers tests when it loads needs no
      // check here: its second importer in a shared worker would have no tests, which Vitest fails.
      const suites = importedTestCode(file, source).filter((f) => /\bdescribe\(/.test(fs.readFileSync(path.join(ROOT, f), 'utf8')));
      const text = [source, ...suites.map((f) => fs.readFileSync(path.join(ROOT, f), 'utf8'))].join('\n');
      for (const rule of LEFT_BEHIND) {
        if (rule.pattern.test(text) && !(rule.undone && rule.undone.test(text))) problems.push(`${file} ${rule.what}: add it to ${list} in tests/isolation.ts`);
      }
    }
    expect(problems).toEqual([]);
  });
});
