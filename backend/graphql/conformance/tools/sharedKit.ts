// Runs the shared, read-only kit (../shared/conformance/hasura/suites) in-process, through this
// suite's runner: one engine per suite (PGlite from the cached snapshot, the suite's SQL and
// metadata), the data restored per file where the kit restarts per file, and the kit's comparison
// (status; data deeply equal; error codes and messages exact; no expected response: status only).
// Minutes instead of the official runner's hour (which starts the backend command per suite/file);
// the official runner stays the reference. The kit expects the older message wording.
//
//   npx tsx backend/graphql/conformance/tools/sharedKit.ts [kit dir] [suite...]
import fs from 'node:fs';
import path from 'node:path';
import { setMessageDialect } from '../../errors';
import { runCase, startClassEngine, type ConformanceCase, type GraphqlBody } from '../runner';

interface KitCase {
  file: string;
  description: string;
  headers?: Record<string, string>;
  query: string | GraphqlBody[];
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  status?: number;
  response: unknown;
  skip?: string;
}

async function main(): Promise<void> {
  const kit = path.resolve(process.argv[2] ?? path.join(__dirname, '../../../../../shared/conformance/hasura'));
  const only = new Set(process.argv.slice(3));
  const suitesDir = path.join(kit, 'suites');
  setMessageDialect('legacy');
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of fs.readdirSync(suitesDir).sort()) {
    if (only.size && !only.has(name)) continue;
    const dir = path.join(suitesDir, name);
    const info = JSON.parse(fs.readFileSync(path.join(dir, 'suite.json'), 'utf8')) as { restart: 'suite' | 'file' };
    const cases = JSON.parse(fs.readFileSync(path.join(dir, 'cases.json'), 'utf8')) as KitCase[];
    const engine = await startClassEngine(name, path.join(dir, 'nhost'));
    let lastFile: string | undefined;
    let ok = 0;
    try {
      for (const [i, k] of cases.entries()) {
        if (k.skip) {
          skipped++;
          continue;
        }
        if (info.restart === 'file' && k.file !== lastFile) await engine.reset();
        lastFile = k.file;
        const c: ConformanceCase = {
          file: k.file, step: i, description: k.description, headers: k.headers ?? {}, status: k.status ?? 200, response: k.response,
          query: typeof k.query === 'string' ? { query: k.query, variables: k.variables ?? null, operationName: k.operationName ?? null } : k.query,
        };
        const reason = await runCase(engine, c);
        if (reason) {
          failed++;
          console.log(`FAIL ${name}/${k.file}: ${k.description}: ${reason}`);
        } else {
          passed++;
          ok++;
        }
      }
    } finally {
      await engine.close();
    }
    console.log(`${name}: ${ok} passed`);
  }
  console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  process.exitCode = failed ? 1 : 0;
}

void main();
